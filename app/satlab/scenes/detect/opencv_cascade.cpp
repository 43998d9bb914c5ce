// OpenCvCascade on satapp::CascadeTwin (app/common/opencv_twins): the detect scene's baseline is
// the same twin satbench and the tests compare with; this adds the scene's timing.
#include "scenes/detect/opencv_cascade.h"

#include <stdexcept>

#include "common/timing/stopwatch.h"
#include "opencv_twins/cascade_twin.h"

namespace satlab {

struct OpenCvCascade::Impl {
  explicit Impl(const std::string& path) : twin(path) {}
  satapp::CascadeTwin twin;
};

bool OpenCvCascade::available() { return true; }
const char* OpenCvCascade::unavailable_reason() { return ""; }

OpenCvCascade::OpenCvCascade(const std::string& path) : path_(path) {
  try {
    impl_ = std::make_unique<Impl>(path);  // a file OpenCV refuses: CascadeTwin's error names it
  } catch (const cv::Exception& e) {       // a file OpenCV fails to parse: say which
    throw std::runtime_error("OpenCV cannot load the cascade '" + path + "': " + e.what());
  }
}

OpenCvCascade::~OpenCvCascade() = default;

std::vector<sat::Box> OpenCvCascade::detect(const cv::Mat& frame, const sat::DetectParams& p, double& ms) {
  const satapp::Stopwatch clock;
  std::vector<sat::Box> boxes = impl_->twin.detect(frame, p);
  ms = clock.elapsed_ms();
  return boxes;
}

}  // namespace satlab
