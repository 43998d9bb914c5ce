// A producer of frames: 8-bit BGR images (CV_8UC3), whatever the source delivers natively.
#pragma once

#include <opencv2/core.hpp>

#include <memory>
#include <stdexcept>
#include <string>

#include "sources/source_spec.h"

namespace satlab {

// A source that cannot go on (camera missing or unplugged, file unreadable or corrupt).
class SourceError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Called from the frame loop's thread only; sources that capture on a thread of their own
// (the camera) synchronise internally.
class FrameSource {
 public:
  virtual ~FrameSource() = default;

  // For the UI and messages, e.g. "camera 0 (640x480 @ 30 fps)".
  virtual std::string name() const = 0;

  // Polls for the next frame at `now_s` (seconds on the steady clock). Returns true and writes the
  // frame into `frame` (reusing its buffer when the size matches) when a new one is ready; false
  // when the previous frame still stands. Throws SourceError when the source failed for good.
  virtual bool poll(cv::Mat& frame, double now_s) = 0;

  // Frames per second the source delivers at; 0 when it delivers whenever asked.
  virtual double nominal_fps() const { return 0; }

  // Videos: decode as fast as possible (true) or at the file's frame rate (false). Others ignore it.
  virtual void set_fast(bool /*fast*/) {}
};

struct SourceOpenOptions {
  bool video_fast = false;  // videos: as fast as possible instead of at the file's fps
};

// Opens the source `spec` names (not Kind::Default: the controller resolves that). Throws
// SourceError with the reason when it cannot be opened.
std::unique_ptr<FrameSource> open_source(const SourceSpec& spec, const SourceOpenOptions& options);

// Any 8-bit 1-, 3- or 4-channel image converted or copied into `bgr` (CV_8UC3; its buffer is
// reused when the size matches). Throws SourceError for other depths or channel counts.
void to_bgr8(const cv::Mat& image, cv::Mat& bgr, const std::string& what);

}  // namespace satlab
