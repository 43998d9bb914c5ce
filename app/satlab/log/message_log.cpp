#include "log/message_log.h"

#include <chrono>
#include <cstdio>

namespace satlab {

namespace {
double now_s() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }
}  // namespace

MessageLog::MessageLog() : start_s_(now_s()) {}

void MessageLog::add(Severity severity, const std::string& text) {
  static const char* const kPrefix[] = {"", "warning: ", "error: "};
  std::fprintf(stderr, "satlab: %s%s\n", kPrefix[static_cast<int>(severity)], text.c_str());
  std::fflush(stderr);
  ++counts_[static_cast<int>(severity)];
  recent_.push_back({severity, text, now_s() - start_s_});
  if (recent_.size() > kKept) recent_.pop_front();
}

}  // namespace satlab
