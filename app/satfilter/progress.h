// The progress bar of videos on stderr: frames done (of the announced total), a bar, frames per
// second and the estimated time left. On a terminal one line is redrawn (at most 10 times a
// second); elsewhere (--progress into a file or pipe) a line is printed every second.
#pragma once

#include <cstdint>
#include <optional>

#include "common/progress/status_line.h"
#include "common/timing/stopwatch.h"

namespace satfilter {

class Progress {
 public:
  // total_frames: as announced by the container, -1 when unknown (no bar, no ETA).
  Progress(bool enabled, bool terminal, int64_t total_frames);

  // From one thread at a time.
  void update(int64_t frames_done);
  void finish(int64_t frames_done);  // the last, complete line

 private:
  void draw(int64_t frames_done, bool final_line);

  bool enabled_;
  int64_t total_;
  satapp::StatusLine line_;  // ends a line left open by an error
  satapp::Stopwatch elapsed_;
  satapp::Stopwatch since_draw_;
  bool finished_ = false;
};

}  // namespace satfilter
