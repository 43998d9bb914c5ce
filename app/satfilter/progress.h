// The progress bar of videos on stderr: frames done (of the announced total), a bar, frames per
// second and the estimated time left. On a terminal one line is redrawn (at most 10 times a
// second); elsewhere (--progress into a file or pipe) a line is printed every second.
#pragma once

#include <chrono>
#include <cstdint>

namespace satfilter {

class Progress {
 public:
  // total_frames: as announced by the container, -1 when unknown (no bar, no ETA).
  Progress(bool enabled, bool terminal, int64_t total_frames);
  ~Progress();  // terminates a line left open by an error
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // From one thread at a time.
  void update(int64_t frames_done);
  void finish(int64_t frames_done);  // the last, complete line

 private:
  void draw(int64_t frames_done, bool final_line);

  using Clock = std::chrono::steady_clock;
  bool enabled_;
  bool terminal_;
  int64_t total_;
  Clock::time_point start_;
  Clock::time_point last_draw_;
  bool line_open_ = false;
  bool finished_ = false;
};

}  // namespace satfilter
