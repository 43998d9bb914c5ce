#include "sources/synthetic_source.h"

namespace satlab {

SyntheticSource::SyntheticSource(int width, int height) : scene_(width, height) {}

std::string SyntheticSource::name() const {
  return "synthetic " + std::to_string(scene_.width()) + "x" + std::to_string(scene_.height());
}

bool SyntheticSource::poll(satapp::Frame& frame, cv::Mat& buffer, double /*now_s*/) {
  scene_.render(index_++, buffer);
  frame = satapp::host_frame(buffer);
  return true;
}

}  // namespace satlab
