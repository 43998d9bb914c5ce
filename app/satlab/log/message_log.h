// Messages for the user: every fault and notable event goes to stderr at once and stays visible
// in the control panel (the most recent ones). Not thread-safe: the frame loop's thread only
// (sources with a thread of their own report through their poll()).
#pragma once

#include <deque>
#include <string>

namespace satlab {

enum class Severity { Info, Warning, Error };

struct Message {
  Severity severity;
  std::string text;
  double time_s;  // seconds since the log was created
};

class MessageLog {
 public:
  MessageLog();
  void info(const std::string& text) { add(Severity::Info, text); }
  void warning(const std::string& text) { add(Severity::Warning, text); }
  void error(const std::string& text) { add(Severity::Error, text); }
  void add(Severity severity, const std::string& text);

  const std::deque<Message>& recent() const { return recent_; }  // oldest first
  int count(Severity severity) const { return counts_[static_cast<int>(severity)]; }
  long long total() const { return static_cast<long long>(counts_[0]) + counts_[1] + counts_[2]; }

 private:
  static constexpr std::size_t kKept = 64;
  std::deque<Message> recent_;
  int counts_[3] = {0, 0, 0};
  double start_s_;
};

// A warning whose cause may stand for several frames (a setting satcore rejects: while a typed
// slider value is being edited the app retries it each time it comes back): logged when it differs
// from the previous one, and again only after reset() (the next success).
class RepeatedWarning {
 public:
  explicit RepeatedWarning(MessageLog& log) : log_(log) {}
  void report(const std::string& text) {
    if (text == last_) return;
    log_.warning(text);
    last_ = text;
  }
  void reset() { last_.clear(); }

 private:
  MessageLog& log_;
  std::string last_;
};

}  // namespace satlab
