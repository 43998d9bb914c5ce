// A video file through cv::VideoCapture: loops at its end, paced at the file's frame rate or
// decoded as fast as possible; or, with --preload, decoded whole into memory at open
// (decode_video, played by MemoryVideoSource).
#pragma once

#include <opencv2/videoio.hpp>

#include <cstddef>

#include "sources/frame_source.h"
#include "sources/memory_video_source.h"
#include "sources/playback_clock.h"

namespace satlab {

class VideoSource final : public FrameSource {
 public:
  // Throws SourceError when the file cannot be opened or its first frame cannot be decoded.
  VideoSource(std::string path, bool fast);

  std::string name() const override;
  // Throws SourceError when no frame can be decoded even after rewinding (corrupt file).
  bool poll(satapp::Frame& frame, cv::Mat& buffer, double now_s) override;
  double nominal_fps() const override { return fps_; }
  void set_fast(bool fast) override { fast_ = fast; }

 private:
  bool read_next(cv::Mat& frame);  // with looping; false only when the file yields nothing

  std::string path_;
  cv::VideoCapture capture_;
  bool fast_;
  double fps_ = 0;              // from the container; 0 when unknown (then paced at 30)
  int width_ = 0, height_ = 0;  // of the first frame: first_ is handed out (emptied) by the first poll
  PlaybackClock clock_{0};      // at fps_, once it is known
  cv::Mat decoded_;             // decoder output before conversion to BGR
  cv::Mat first_;               // the frame decoded by the constructor, handed out by the first poll
  int loops_ = 0;
};

// Every frame of the video at `path`, decoded to BGR, with the file's frame rate and what decoding
// cost (wall time, from opening the file to the last frame). Throws SourceError when the file
// cannot be opened or yields no frame, or when the frames need more than `cap_bytes`: refused
// before decoding when the container's frame count says so, else as soon as they outgrow it.
MemoryVideo decode_video(const std::string& path, std::size_t cap_bytes);

}  // namespace satlab
