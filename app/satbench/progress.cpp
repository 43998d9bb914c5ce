// Progress reporting on stderr.
#include "progress.h"

#include <unistd.h>

#include <cstdarg>
#include <cstdio>

namespace satbench {
namespace {

std::string format(const char* pattern, ...) __attribute__((format(printf, 1, 2)));
std::string format(const char* pattern, ...) {
  char text[512];
  va_list args;
  va_start(args, pattern);
  std::vsnprintf(text, sizeof text, pattern, args);
  va_end(args);
  return text;
}

}  // namespace

Progress::Progress(int total_steps) : total_(total_steps > 0 ? total_steps : 1), line_(isatty(STDERR_FILENO) != 0) {}

void Progress::begin_case(const std::string& label) {
  case_ = label;
  if (!line_.terminal())
    line_.draw(
        format("satbench: %3d%% %s (%.0f s elapsed)", done_ * 100 / total_, label.c_str(), elapsed_.elapsed_s()));
}

void Progress::step(const std::string& what) {
  what_ = what;
  if (line_.terminal()) draw();
  ++done_;
}

void Progress::draw() {
  const double elapsed = elapsed_.elapsed_s();
  std::string eta;
  if (done_ > 0) eta = format(", ~%.0f s left", satapp::seconds_left(elapsed, done_, total_));
  line_.draw(
      format("[%d/%d] %s: %s (%.0f s%s)", done_ + 1, total_, case_.c_str(), what_.c_str(), elapsed, eta.c_str()));
}

void Progress::clear() { line_.clear(); }

void Progress::finish(const std::string& summary) {
  line_.clear();
  line_.finish(format("satbench: %s in %.0f s", summary.c_str(), elapsed_.elapsed_s()));
}

}  // namespace satbench
