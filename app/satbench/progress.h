// Progress on stderr: a status line rewritten in place on a terminal; one line per case otherwise
// (so that logs stay short).
#pragma once

#include <string>

#include "common/progress/status_line.h"
#include "common/timing/stopwatch.h"

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
  satapp::StatusLine line_;
  std::string case_, what_;
  satapp::Stopwatch elapsed_;
};

}  // namespace satbench
