// OpenCV's cv::integral as a peer (SATBENCH_HAVE_OPENCV); stubs that say "not built" otherwise.
#include <stdexcept>

#include "peers.h"

#if SATBENCH_HAVE_OPENCV
#include <opencv2/core.hpp>
#include <opencv2/core/utility.hpp>
#include <opencv2/imgproc.hpp>
#endif

namespace satbench {

#if SATBENCH_HAVE_OPENCV

namespace {

// The Mat type of the input and the depth of the output for an element type. No peer for the
// u64 squares, SumSq or u32x2 (cv::integral takes no 32-bit integer input).
bool cv_types(sat::ElementType type, int& input_type, int& sum_depth) {
  switch (type) {
    case sat::ElementType::U8ToU32:
      input_type = CV_8UC1;
      sum_depth = CV_32S;
      return true;
    case sat::ElementType::U8x4ToU32x4:
      input_type = CV_8UC4;
      sum_depth = CV_32S;
      return true;
    case sat::ElementType::F32ToF32:
      input_type = CV_32FC1;
      sum_depth = CV_32F;
      return true;
    case sat::ElementType::F32x2ToF32x2:
      input_type = CV_32FC2;
      sum_depth = CV_32F;
      return true;
    default:
      return false;
  }
}

}  // namespace

struct OpenCvIntegral::Impl {
  cv::Mat input;  // wraps the host image
  cv::Mat sum;    // (H+1) x (W+1)
  int sum_depth = CV_32S;
  std::size_t element_bytes = 0;
};

bool OpenCvIntegral::built() { return true; }

std::string OpenCvIntegral::description(int threads) {
  cv::setNumThreads(threads);
  return std::string("OpenCV ") + CV_VERSION + " cv::integral, " + std::to_string(cv::getNumThreads()) +
         " threads allowed";
}

bool OpenCvIntegral::supports(sat::ElementType type) {
  int input_type = 0, sum_depth = 0;
  return cv_types(type, input_type, sum_depth);
}

OpenCvIntegral::OpenCvIntegral(const HostImage& image, int threads) : impl_(std::make_unique<Impl>()) {
  int input_type = 0;
  if (!cv_types(image.type, input_type, impl_->sum_depth))
    throw std::runtime_error(std::string("cv::integral does not offer ") + sat::to_string(image.type));
  cv::setNumThreads(threads);
  impl_->input = cv::Mat(image.extent.height, image.extent.width, input_type, image.input.data(), image.input_pitch);
  impl_->sum.create(image.extent.height + 1, image.extent.width + 1,
                    CV_MAKETYPE(impl_->sum_depth, impl_->input.channels()));
  impl_->element_bytes = impl_->sum.elemSize();
}

OpenCvIntegral::~OpenCvIntegral() = default;

void OpenCvIntegral::run() {
  try {
    cv::integral(impl_->input, impl_->sum, impl_->sum_depth);  // reuses sum: no allocation per run
  } catch (const cv::Exception& e) {
    throw std::runtime_error("cv::integral: " + e.msg);
  }
}

const void* OpenCvIntegral::table() const { return impl_->sum.ptr(1) + impl_->element_bytes; }

std::size_t OpenCvIntegral::table_pitch() const { return impl_->sum.step[0]; }

std::size_t OpenCvIntegral::output_bytes() const { return impl_->sum.total() * impl_->sum.elemSize(); }

#else  // !SATBENCH_HAVE_OPENCV

struct OpenCvIntegral::Impl {};

bool OpenCvIntegral::built() { return false; }
std::string OpenCvIntegral::description(int) { return "OpenCV: not built"; }
bool OpenCvIntegral::supports(sat::ElementType) { return false; }
OpenCvIntegral::OpenCvIntegral(const HostImage&, int) { throw std::runtime_error("OpenCV: not built"); }
OpenCvIntegral::~OpenCvIntegral() = default;
void OpenCvIntegral::run() {}
const void* OpenCvIntegral::table() const { return nullptr; }
std::size_t OpenCvIntegral::table_pitch() const { return 0; }
std::size_t OpenCvIntegral::output_bytes() const { return 0; }

#endif

}  // namespace satbench
