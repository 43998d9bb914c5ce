#include "scenes/detect/opencv_cascade.h"

#include <opencv2/objdetect.hpp>

#include <stdexcept>

#include "common/timing/stopwatch.h"

namespace satlab {

struct OpenCvCascade::Impl {
  cv::CascadeClassifier classifier;
  std::vector<cv::Rect> objects;
};

bool OpenCvCascade::available() { return true; }
const char* OpenCvCascade::unavailable_reason() { return ""; }

OpenCvCascade::OpenCvCascade(const std::string& path) : path_(path), impl_(std::make_unique<Impl>()) {
  bool loaded = false;
  try {
    loaded = impl_->classifier.load(path);
  } catch (const cv::Exception& e) {
    throw std::runtime_error("OpenCV cannot load the cascade '" + path + "': " + e.what());
  }
  if (!loaded || impl_->classifier.empty()) throw std::runtime_error("OpenCV cannot load the cascade '" + path + "'");
}

OpenCvCascade::~OpenCvCascade() = default;

std::vector<sat::Box> OpenCvCascade::detect(const cv::Mat& frame, const sat::DetectParams& p, double& ms) {
  const satapp::Stopwatch clock;
  impl_->classifier.detectMultiScale(frame, impl_->objects, p.scale_factor, p.min_neighbors, 0,
                                     cv::Size(p.min_size.width, p.min_size.height),
                                     cv::Size(p.max_size.width, p.max_size.height));
  ms = clock.elapsed_ms();
  std::vector<sat::Box> boxes;
  boxes.reserve(impl_->objects.size());
  for (const cv::Rect& r : impl_->objects) boxes.push_back({r.x, r.y, r.width, r.height});
  return boxes;
}

}  // namespace satlab
