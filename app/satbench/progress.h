// Progress on stderr: a status line rewritten in place on a terminal; one line per case otherwise
// (so that logs stay short).
#pragma once

#include <chrono>
#include <string>

namespace satbench {

class Progress {
 public:
  explicit Progress(int total_steps);
  void begin_case(const std::string& label);  // e.g. "f32->f32 4096^2 (2 buffer sets)"
  void step(const std::string& what);         // one measurement is starting
  void clear();                               // clears the status line (before other output)
  void finish(const std::string& summary);    // clears the status line, prints the summary

 private:
  void draw();
  int total_, done_ = 0;
  bool tty_;
  std::string case_, what_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace satbench
