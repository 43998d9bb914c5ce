// A still image file: one frame, shown (and re-filtered) for as long as it is selected.
#pragma once

#include "sources/frame_source.h"

namespace satlab {

class ImageSource final : public FrameSource {
 public:
  explicit ImageSource(const std::string& path);  // throws SourceError when unreadable
  std::string name() const override { return name_; }
  bool poll(satapp::Frame& frame, cv::Mat& buffer, double now_s) override;

 private:
  cv::Mat image_;  // BGR
  std::string name_;
  bool delivered_ = false;
};

}  // namespace satlab
