// See cascade_twin.h.
#include "opencv_twins/cascade_twin.h"

#include <opencv2/core/ocl.hpp>
#include <opencv2/objdetect.hpp>

#include <stdexcept>

namespace satapp {

struct CascadeTwin::Impl {
  cv::CascadeClassifier classifier;
  std::vector<cv::Rect> found;
};

CascadeTwin::CascadeTwin(const std::string& path) : impl_(std::make_unique<Impl>()) {
  cv::ocl::setUseOpenCL(false);  // OpenCV's CPU path is the peer
  if (!impl_->classifier.load(path)) throw std::runtime_error("cv::CascadeClassifier cannot load " + path);
}

CascadeTwin::~CascadeTwin() = default;
CascadeTwin::CascadeTwin(CascadeTwin&&) noexcept = default;
CascadeTwin& CascadeTwin::operator=(CascadeTwin&&) noexcept = default;

std::vector<sat::Box> CascadeTwin::detect(const cv::Mat& gray, const sat::DetectParams& p) {
  impl_->classifier.detectMultiScale(gray, impl_->found, p.scale_factor, p.min_neighbors, 0,
                                     cv::Size(p.min_size.width, p.min_size.height),
                                     cv::Size(p.max_size.width, p.max_size.height));
  std::vector<sat::Box> boxes;
  boxes.reserve(impl_->found.size());
  for (const cv::Rect& r : impl_->found) boxes.push_back({r.x, r.y, r.width, r.height});
  return boxes;
}

}  // namespace satapp
