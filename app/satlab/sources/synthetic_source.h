// The synthetic scene as a source: a new frame at every poll (the animation advances one step
// per frame shown, so runs with --frames are reproducible).
#pragma once

#include "sources/frame_source.h"
#include "sources/synthetic_scene.h"

namespace satlab {

class SyntheticSource final : public FrameSource {
 public:
  SyntheticSource(int width, int height);
  std::string name() const override;
  bool poll(satapp::Frame& frame, cv::Mat& buffer, double now_s) override;

 private:
  SyntheticScene scene_;
  long long index_ = 0;
};

}  // namespace satlab
