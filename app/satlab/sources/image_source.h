// A still image file: one frame, shown (and re-filtered) for as long as it is selected. An 8-bit
// file becomes 8-bit BGR; a 16-bit one (PNG, TIFF, PGM...) a GRAY16 frame of its samples as they
// are (a colour one: its gray, OpenCV's BGR → gray on 16 bits), which the pipelines filter as
// 16-bit samples and show through the window/level mapping.
#pragma once

#include "sources/frame_source.h"

namespace satlab {

class ImageSource final : public FrameSource {
 public:
  explicit ImageSource(const std::string& path);  // throws SourceError when unreadable
  std::string name() const override { return name_; }
  bool poll(satapp::Frame& frame, cv::Mat& buffer, double now_s) override;

 private:
  cv::Mat image_;  // BGR, or 16-bit gray (CV_16UC1)
  std::string name_;
  bool delivered_ = false;
};

}  // namespace satlab
