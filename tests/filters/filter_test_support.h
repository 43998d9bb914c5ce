// Shared by the CPU and GPU filter suites: random images, a runner that feeds host cv::Mats to a
// FilterEngine of either backend (uploading to pitched device memory for CUDA), and the float64
// references for Sauvola and Bradley–Roth.
#pragma once

#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <cmath>
#include <cstdint>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "cuda_test_support.h"
#include "opencv_twins/filter_twins.h"
#include "sat/filters.h"

namespace sat::test {

// ---- images ------------------------------------------------------------------------------------

// Uniform random 8-bit image.
inline cv::Mat random_image(int width, int height, int channels, uint32_t seed) {
  std::mt19937 rng(seed);
  cv::Mat m(height, width, CV_8UC(channels));
  for (int y = 0; y < height; ++y) {
    uint8_t* row = m.ptr<uint8_t>(y);
    for (int i = 0; i < width * channels; ++i) row[i] = uint8_t(rng() & 255u);
  }
  return m;
}

// A smooth random image (document-like: slow gradients plus noise), so that thresholds see
// means near the pixel values rather than pure noise.
inline cv::Mat textured_image(int width, int height, int channels, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  const double fx = 0.02 + 0.1 * u(rng), fy = 0.02 + 0.1 * u(rng), ph = 6.28 * u(rng);
  cv::Mat m(height, width, CV_8UC(channels));
  for (int y = 0; y < height; ++y) {
    uint8_t* row = m.ptr<uint8_t>(y);
    for (int x = 0; x < width; ++x)
      for (int c = 0; c < channels; ++c) {
        const double v = 128 + 70 * std::sin(fx * x + ph + c) * std::cos(fy * y) + 50 * (u(rng) - 0.5) +
                         ((x / 7 + y / 5) % 9 == 0 ? -90 : 0);
        row[x * channels + c] = cv::saturate_cast<uint8_t>(v);
      }
  }
  return m;
}

// `m` inside a larger buffer: same pixels, a pitch that is not width·channels (and is odd).
inline cv::Mat with_padding(const cv::Mat& m, int extra_bytes = 13) {
  const int cn = m.channels();
  const int extra_px = (extra_bytes + cn - 1) / cn;
  cv::Mat big(m.rows, m.cols + extra_px, m.type(), cv::Scalar::all(77));
  cv::Mat roi = big(cv::Rect(0, 0, m.cols, m.rows));
  m.copyTo(roi);
  return roi;  // step = big's step
}

inline ConstImage8 view(const cv::Mat& m) { return {m.data, m.step, m.cols, m.rows, m.channels()}; }
inline Image8 view(cv::Mat& m) { return {m.data, m.step, m.cols, m.rows, m.channels()}; }

inline cv::Mat to_gray_cv(const cv::Mat& src) {
  if (src.channels() == 1) return src.clone();
  cv::Mat g;
  cv::cvtColor(src, g, src.channels() == 3 ? cv::COLOR_BGR2GRAY : cv::COLOR_BGRA2GRAY);
  return g;
}

// Number of differing bytes, and a description of the first one.
inline std::string first_difference(const cv::Mat& got, const cv::Mat& want, long* count = nullptr) {
  long n = 0;
  std::string first;
  if (got.size() != want.size() || got.type() != want.type()) return "size/type differ";
  for (int y = 0; y < got.rows; ++y)
    for (int i = 0; i < got.cols * got.channels(); ++i) {
      const int a = got.ptr<uint8_t>(y)[i], b = want.ptr<uint8_t>(y)[i];
      if (a != b) {
        if (n == 0)
          first = "first at (x=" + std::to_string(i / got.channels()) + ", y=" + std::to_string(y) +
                  ", c=" + std::to_string(i % got.channels()) + "): got " + std::to_string(a) + ", want " +
                  std::to_string(b);
        ++n;
      }
    }
  if (count) *count = n;
  return n == 0 ? std::string() : std::to_string(n) + " bytes differ, " + first;
}

#define EXPECT_MAT_EQ(got, want, what)                                      \
  do {                                                                      \
    const std::string diff_ = ::sat::test::first_difference((got), (want)); \
    EXPECT_TRUE(diff_.empty()) << (what) << ": " << diff_;                  \
  } while (0)

// ---- running an engine on host images ----------------------------------------------------------

class DevicePitched {
 public:
  DevicePitched(int width_bytes, int height) {
    if (cudaMallocPitch(&ptr_, &pitch_, std::size_t(width_bytes), std::size_t(height)) != cudaSuccess)
      throw std::runtime_error("cudaMallocPitch failed");
  }
  ~DevicePitched() { cudaFree(ptr_); }
  DevicePitched(const DevicePitched&) = delete;
  DevicePitched& operator=(const DevicePitched&) = delete;
  uint8_t* data() const { return static_cast<uint8_t*>(ptr_); }
  std::size_t pitch() const { return pitch_; }

 private:
  void* ptr_ = nullptr;
  std::size_t pitch_ = 0;
};

inline void cuda_ok(cudaError_t status, const char* what) {
  if (status != cudaSuccess) throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(status));
}

// Where a Runner puts dst: `offset` bytes into a buffer (device buffers start 256-byte aligned),
// rows `extra_pitch` bytes longer than width·channels. Any alignment of rows and pitch.
struct DstLayout {
  std::size_t offset = 0;
  std::size_t extra_pitch = 0;
};

// Runs one engine call on host images: directly for the CPU backend, through pitched device
// copies on a non-default stream for the CUDA backend. Returns dst.
class Runner {
 public:
  explicit Runner(Backend backend, Extent max_extent = {512, 512}, Options options = {})
      : engine_(backend, max_extent, options) {
    if (backend == Backend::Cuda) cuda_ok(cudaStreamCreate(&stream_), "cudaStreamCreate");
  }
  ~Runner() {
    if (stream_) cudaStreamDestroy(stream_);
  }
  Runner(const Runner&) = delete;
  Runner& operator=(const Runner&) = delete;

  FilterEngine& engine() { return engine_; }

  // Every later call writes dst into a buffer of this layout instead of a fresh image (host) or
  // a pitched allocation (device), and fails the test if it wrote any byte of the buffer
  // outside dst's pixels.
  void set_dst_layout(DstLayout layout) { layout_ = layout; }

  cv::Mat box_blur(const cv::Mat& src, const BoxBlurParams& p) {
    return run(src, src.channels(), [&](ConstImage8 s, Image8 d, cudaStream_t st) { engine_.apply(p, s, d, st); });
  }
  cv::Mat mean_c(const cv::Mat& src, const MeanCParams& p) {
    return run(src, 1, [&](ConstImage8 s, Image8 d, cudaStream_t st) { engine_.apply(p, s, d, st); });
  }
  cv::Mat sauvola(const cv::Mat& src, const SauvolaParams& p) {
    return run(src, 1, [&](ConstImage8 s, Image8 d, cudaStream_t st) { engine_.apply(p, s, d, st); });
  }
  cv::Mat bradley(const cv::Mat& src, const BradleyParams& p) {
    return run(src, 1, [&](ConstImage8 s, Image8 d, cudaStream_t st) { engine_.apply(p, s, d, st); });
  }
  cv::Mat to_gray(const cv::Mat& src) {
    return run(src, 1, [&](ConstImage8 s, Image8 d, cudaStream_t st) { engine_.to_gray(s, d, st); });
  }

 private:
  template <class F>
  cv::Mat run(const cv::Mat& src, int dst_channels, F&& f) {
    if (layout_) return run_in_layout(src, dst_channels, *layout_, f);
    cv::Mat dst(src.rows, src.cols, CV_8UC(dst_channels), cv::Scalar::all(0xCD));
    if (engine_.backend() == Backend::Cpu) {
      f(view(src), view(dst), nullptr);
      return dst;
    }
    const int src_row = src.cols * src.channels(), dst_row = dst.cols * dst_channels;
    DevicePitched d_src(src_row, src.rows), d_dst(dst_row, dst.rows);
    cuda_ok(cudaMemcpy2D(d_src.data(), d_src.pitch(), src.data, src.step, std::size_t(src_row), std::size_t(src.rows),
                         cudaMemcpyHostToDevice),
            "upload");
    cuda_ok(cudaMemset2D(d_dst.data(), d_dst.pitch(), 0xCD, std::size_t(dst_row), std::size_t(dst.rows)), "memset");
    f(ConstImage8{d_src.data(), d_src.pitch(), src.cols, src.rows, src.channels()},
      Image8{d_dst.data(), d_dst.pitch(), dst.cols, dst.rows, dst_channels}, stream_);
    cuda_ok(cudaStreamSynchronize(stream_), "cudaStreamSynchronize");
    cuda_ok(cudaMemcpy2D(dst.data, dst.step, d_dst.data(), d_dst.pitch(), std::size_t(dst_row), std::size_t(dst.rows),
                         cudaMemcpyDeviceToHost),
            "download");
    return dst;
  }

  // src in pitched device memory (CUDA), dst in a buffer of `layout` filled with kFill.
  template <class F>
  cv::Mat run_in_layout(const cv::Mat& src, int dst_channels, const DstLayout& layout, F&& f) {
    constexpr uint8_t kFill = 0xA5;
    const std::size_t row = std::size_t(src.cols) * dst_channels, pitch = row + layout.extra_pitch;
    const std::size_t bytes = layout.offset + pitch * std::size_t(src.rows) + 16;  // 16 guard bytes at the end
    std::vector<uint8_t> buffer(bytes, kFill);
    const auto dst_in = [&](uint8_t* base) {
      return Image8{base + layout.offset, pitch, src.cols, src.rows, dst_channels};
    };
    if (engine_.backend() == Backend::Cpu) {
      f(view(src), dst_in(buffer.data()), nullptr);
    } else {
      const int src_row = src.cols * src.channels();
      DevicePitched d_src(src_row, src.rows);
      DeviceBuffer d_dst(bytes);
      auto* d_base = static_cast<uint8_t*>(d_dst.get());
      cuda_ok(cudaMemcpy2D(d_src.data(), d_src.pitch(), src.data, src.step, std::size_t(src_row), std::size_t(src.rows),
                           cudaMemcpyHostToDevice),
              "upload");
      cuda_ok(cudaMemcpy(d_base, buffer.data(), bytes, cudaMemcpyHostToDevice), "upload dst buffer");
      f(ConstImage8{d_src.data(), d_src.pitch(), src.cols, src.rows, src.channels()}, dst_in(d_base), stream_);
      cuda_ok(cudaStreamSynchronize(stream_), "cudaStreamSynchronize");
      cuda_ok(cudaMemcpy(buffer.data(), d_base, bytes, cudaMemcpyDeviceToHost), "download dst buffer");
    }
    long outside = 0;
    for (std::size_t i = 0; i < bytes; ++i) {
      const bool in_dst = i >= layout.offset && (i - layout.offset) / pitch < std::size_t(src.rows) &&
                          (i - layout.offset) % pitch < row;
      if (!in_dst && buffer[i] != kFill) ++outside;
    }
    EXPECT_EQ(outside, 0) << "bytes written outside dst (offset " << layout.offset << ", pitch " << pitch << ")";
    return cv::Mat(src.rows, src.cols, CV_8UC(dst_channels), buffer.data() + layout.offset, pitch).clone();
  }

  FilterEngine engine_;
  cudaStream_t stream_ = nullptr;
  std::optional<DstLayout> layout_;
};

// ---- float64 references ------------------------------------------------------------------------

// Box sums of v(pixel) with OpenCV's border rule, separably, with cv::borderInterpolate per tap:
// independent of the interval arithmetic of the library.
template <class V>
std::vector<int64_t> reference_box_sums(const cv::Mat& gray, int window, int border, V v) {
  const int w = gray.cols, h = gray.rows, a = window / 2;
  std::vector<int64_t> rows(std::size_t(w) * h), out(std::size_t(w) * h);
  std::vector<int> xmap(std::size_t(window) + std::size_t(w));
  for (int y = 0; y < h; ++y) {
    const uint8_t* in = gray.ptr<uint8_t>(y);
    for (int x = 0; x < w; ++x) {
      int64_t s = 0;
      for (int t = 0; t < window; ++t) s += v(in[cv::borderInterpolate(x - a + t, w, border)]);
      rows[std::size_t(y) * w + x] = s;
    }
  }
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      int64_t s = 0;
      for (int t = 0; t < window; ++t) s += rows[std::size_t(cv::borderInterpolate(y - a + t, h, border)) * w + x];
      out[std::size_t(y) * w + x] = s;
    }
  return out;
}

// scikit-image threshold_sauvola(gray, window, k, r) then gray > T, as 0 / max_value.
// Returns dst; `thresholds` (optional) receives T per pixel.
inline cv::Mat reference_sauvola(const cv::Mat& gray, int window, double k, double r, uint8_t max_value,
                                 std::vector<double>* thresholds = nullptr) {
  if (r == 0.0) r = 127.5;
  const auto sums = reference_box_sums(gray, window, cv::BORDER_REFLECT_101, [](int p) { return int64_t(p); });
  const auto sqs = reference_box_sums(gray, window, cv::BORDER_REFLECT_101, [](int p) { return int64_t(p) * p; });
  const double n = double(window) * double(window);
  cv::Mat dst(gray.size(), CV_8UC1);
  if (thresholds) thresholds->assign(sums.size(), 0.0);
  for (int y = 0; y < gray.rows; ++y)
    for (int x = 0; x < gray.cols; ++x) {
      const std::size_t i = std::size_t(y) * gray.cols + x;
      const double m = double(sums[i]) / n;
      const double g2 = double(sqs[i]) / n;
      const double s = std::sqrt(std::max(g2 - m * m, 0.0));
      const double T = m * (1 + k * ((s / r) - 1));
      if (thresholds) (*thresholds)[i] = T;
      dst.at<uint8_t>(y, x) = double(gray.at<uint8_t>(y, x)) > T ? max_value : 0;
    }
  return dst;
}

// Bradley–Roth: pixel·count > sum·(100 − t)/100 over the window clipped to the image.
inline cv::Mat reference_bradley(const cv::Mat& gray, int window, double t, uint8_t max_value) {
  const int w = gray.cols, h = gray.rows, a = window / 2;
  cv::Mat dst(gray.size(), CV_8UC1);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const int y0 = std::max(0, y - a), y1 = std::min(h - 1, y - a + window - 1);
      const int x0 = std::max(0, x - a), x1 = std::min(w - 1, x - a + window - 1);
      int64_t sum = 0;
      for (int yy = y0; yy <= y1; ++yy)
        for (int xx = x0; xx <= x1; ++xx) sum += gray.at<uint8_t>(yy, xx);
      const int64_t count = int64_t(y1 - y0 + 1) * (x1 - x0 + 1);
      const double lhs = double(int64_t(gray.at<uint8_t>(y, x)) * count);
      const double rhs = double(sum) * (100.0 - t) / 100.0;
      dst.at<uint8_t>(y, x) = lhs > rhs ? max_value : 0;
    }
  return dst;
}

// OpenCV's exact twins (app/common/opencv_twins): cv::adaptiveThreshold(MEAN_C) of the gray
// version of src, and cv::blur.
inline cv::Mat reference_mean_c(const cv::Mat& src, const MeanCParams& p) { return satapp::twin_output(p, src); }

inline cv::Mat reference_blur(const cv::Mat& src, const BoxBlurParams& p) { return satapp::twin_output(p, src); }

}  // namespace sat::test
