// Progress reporting on stderr.
#include "progress.h"

#include <unistd.h>

#include <cstdio>

namespace satbench {
namespace {

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

Progress::Progress(int total_steps)
    : total_(total_steps > 0 ? total_steps : 1),
      tty_(isatty(STDERR_FILENO) != 0),
      start_(std::chrono::steady_clock::now()) {}

void Progress::begin_case(const std::string& label) {
  case_ = label;
  if (!tty_) {
    std::fprintf(stderr, "satbench: %3d%% %s (%.0f s elapsed)\n", done_ * 100 / total_, label.c_str(),
                 seconds_since(start_));
    std::fflush(stderr);
  }
}

void Progress::step(const std::string& what) {
  what_ = what;
  if (tty_) draw();
  ++done_;
}

void Progress::draw() {
  const double elapsed = seconds_since(start_);
  char eta[32] = "";
  if (done_ > 0) std::snprintf(eta, sizeof eta, ", ~%.0f s left", elapsed / done_ * (total_ - done_));
  std::fprintf(stderr, "\r\033[K[%d/%d] %s: %s (%.0f s%s)", done_ + 1, total_, case_.c_str(), what_.c_str(), elapsed,
               eta);
  std::fflush(stderr);
}

void Progress::clear() {
  if (tty_) std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
}

void Progress::finish(const std::string& summary) {
  clear();
  std::fprintf(stderr, "satbench: %s in %.0f s\n", summary.c_str(), seconds_since(start_));
  std::fflush(stderr);
}

}  // namespace satbench
