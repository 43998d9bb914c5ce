// satfilter's error type: every problem the user can cause or meet ends as one Failure, printed
// by main() as a single line "satfilter: error: <message>".
#pragma once

#include <stdexcept>
#include <string>

namespace satfilter {

class Failure : public std::runtime_error {
 public:
  enum class Kind {
    Usage,        // a bad command line: exit status 2
    Runtime,      // unreadable input, failed write, decode error, CUDA error...: exit status 1
    Interrupted,  // SIGINT / SIGTERM: exit status 130
  };
  Failure(Kind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
  Kind kind() const noexcept { return kind_; }

 private:
  Kind kind_;
};

inline Failure usage_error(const std::string& message) { return {Failure::Kind::Usage, message}; }
inline Failure runtime_error(const std::string& message) { return {Failure::Kind::Runtime, message}; }

}  // namespace satfilter
