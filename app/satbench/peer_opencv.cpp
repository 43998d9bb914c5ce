// OpenCV's cv::integral as a peer (SATBENCH_HAVE_OPENCV); stubs that say "not built" otherwise.
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <vector>

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
// u64 squares, SumSq or u32x2 (cv::integral takes no 32-bit integer input). 16-bit input has
// one integral in OpenCV, CV_16U → CV_64F: exact while the sums stay below 2⁵³ (a 3840 × 2160
// image of 65535 sums to 5.4 · 10¹¹), so its doubles are turned into satcore's integers for the
// check (table()), outside the timed runs.
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
    case sat::ElementType::U16ToU32:
    case sat::ElementType::U16ToU64:
      input_type = CV_16UC1;
      sum_depth = CV_64F;
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
  sat::ElementType type = sat::ElementType::U8ToU32;
  // A CV_64F table of 16-bit input as satcore's integers (u32 wrapping or u64), W x H packed.
  std::vector<unsigned char> integers;
  std::size_t integer_pitch = 0;

  bool converts() const { return sum_depth == CV_64F; }
  // The doubles (exact integers) of the W x H table → integers, truncated to 32 bits for u16 → u32
  // as satcore's table wraps.
  void convert() {
    const int w = input.cols, h = input.rows;
    const std::size_t out_size = sat::output_element_size(type);
    integer_pitch = std::size_t(w) * out_size;
    integers.assign(integer_pitch * std::size_t(h), 0);
    for (int i = 0; i < h; ++i) {
      const double* row = sum.ptr<double>(i + 1) + 1;
      unsigned char* out = integers.data() + integer_pitch * std::size_t(i);
      for (int j = 0; j < w; ++j) {
        const std::uint64_t v = std::uint64_t(row[j]);
        if (out_size == 4) {
          const std::uint32_t v32 = std::uint32_t(v);
          std::memcpy(out + 4 * std::size_t(j), &v32, 4);
        } else {
          std::memcpy(out + 8 * std::size_t(j), &v, 8);
        }
      }
    }
  }
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
  impl_->type = image.type;
}

OpenCvIntegral::~OpenCvIntegral() = default;

void OpenCvIntegral::run() {
  try {
    cv::integral(impl_->input, impl_->sum, impl_->sum_depth);  // reuses sum: no allocation per run
  } catch (const cv::Exception& e) {
    throw std::runtime_error("cv::integral: " + e.msg);
  }
  impl_->integers.clear();  // the last run's table is converted again when asked for
}

const void* OpenCvIntegral::table() const {
  if (!impl_->converts()) return impl_->sum.ptr(1) + impl_->element_bytes;
  if (impl_->integers.empty()) impl_->convert();
  return impl_->integers.data();
}

std::size_t OpenCvIntegral::table_pitch() const {
  if (!impl_->converts()) return impl_->sum.step[0];
  if (impl_->integers.empty()) impl_->convert();
  return impl_->integer_pitch;
}

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
