// OpenCvCascade in a build without OpenCV's objdetect: the detect scene runs, without the
// comparison, and says why.
#include <stdexcept>

#include "scenes/detect/opencv_cascade.h"

namespace satlab {

struct OpenCvCascade::Impl {};

bool OpenCvCascade::available() { return false; }
const char* OpenCvCascade::unavailable_reason() { return "this build has no OpenCV objdetect"; }

OpenCvCascade::OpenCvCascade(const std::string& path) : path_(path) {
  throw std::runtime_error(std::string("no OpenCV comparison: ") + unavailable_reason());
}

OpenCvCascade::~OpenCvCascade() = default;

std::vector<sat::Box> OpenCvCascade::detect(const cv::Mat&, const sat::DetectParams&, double& ms) {
  ms = 0;
  return {};
}

}  // namespace satlab
