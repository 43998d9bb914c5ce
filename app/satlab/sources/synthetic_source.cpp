#include "sources/synthetic_source.h"

namespace satlab {

SyntheticSource::SyntheticSource(int width, int height) : scene_(width, height) {}

std::string SyntheticSource::name() const {
  return "synthetic " + std::to_string(scene_.width()) + "x" + std::to_string(scene_.height());
}

bool SyntheticSource::poll(cv::Mat& frame, double /*now_s*/) {
  scene_.render(index_++, frame);
  return true;
}

}  // namespace satlab
