// One block of memory for a video's frames in memory (--preload): mapped and faulted in at once
// (MAP_POPULATE) instead of one allocation per frame, whose fresh pages were faulted in one at a
// time as each frame was written, and the frames decoded straight into it. Decoding 720p into
// memory spent most of its time in those page faults and in a second copy of every frame.
#pragma once

#include <opencv2/core.hpp>

#include <cstddef>

namespace satlab {

class FrameArena {
 public:
  // Room for `frames` frames of width×height BGR (CV_8UC3). Throws std::bad_alloc when the
  // system cannot map it.
  FrameArena(long long frames, int width, int height);
  ~FrameArena();
  FrameArena(const FrameArena&) = delete;
  FrameArena& operator=(const FrameArena&) = delete;

  long long capacity() const { return frames_; }
  // Frame `i` (< capacity()): a header into the arena, valid while the arena lives.
  cv::Mat frame(long long i) const;

 private:
  unsigned char* data_ = nullptr;
  std::size_t bytes_ = 0;
  long long frames_;
  int width_, height_;
};

}  // namespace satlab
