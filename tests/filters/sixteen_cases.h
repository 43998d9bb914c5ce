// 16-bit images through box, mean − C, Bradley–Roth and Sauvola: test images over the full
// 16-bit range and depth-like ones, a runner for either backend (pitched rows), and references:
// cv::blur on CV_16U (box, the mean of mean − C) and straightforward float64 ones.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "filter_test_support.h"

namespace sat::test {

// Uniform over 0 … 65535 in every channel.
inline cv::Mat random16(int width, int height, int channels, uint32_t seed) {
  cv::Mat m(height, width, CV_16UC(channels));
  std::mt19937 rng(seed);
  for (int y = 0; y < height; ++y) {
    auto* row = m.ptr<uint16_t>(y);
    for (int e = 0; e < width * channels; ++e) row[e] = uint16_t(rng() & 0xffffu);
  }
  return m;
}

// A depth map's look: smooth ramps (millimetres, 300 … 65000) with holes of 0 (no reading), in
// blobs and single pixels; never all zero.
inline cv::Mat depth16(int width, int height, int channels, uint32_t seed) {
  cv::Mat m(height, width, CV_16UC(channels));
  std::mt19937 rng(seed);
  const double ax = 1.0 + rng() % 700, ay = 1.0 + rng() % 500, base = 300 + rng() % 20000;
  const int hx = int(rng() % uint32_t(width)), hy = int(rng() % uint32_t(height)), hr = 1 + int(rng() % 6);
  for (int y = 0; y < height; ++y) {
    auto* row = m.ptr<uint16_t>(y);
    for (int x = 0; x < width; ++x)
      for (int c = 0; c < channels; ++c) {
        double v = base + ax * x + ay * y + 40.0 * std::sin(0.3 * x + c) + double(rng() % 7);
        const bool hole = (x - hx) * (x - hx) + (y - hy) * (y - hy) <= hr * hr || rng() % 23 == 0;
        row[x * channels + c] = hole ? 0 : uint16_t(std::min(65535.0, v));
      }
  }
  m.at<uint16_t>(0, 0) = 65535;  // the range's top too
  return m;
}

inline ConstImage16 view16(const cv::Mat& m) { return {m.ptr<uint16_t>(), m.step, m.cols, m.rows, m.channels()}; }
inline Image16 view16(cv::Mat& m) { return {m.ptr<uint16_t>(), m.step, m.cols, m.rows, m.channels()}; }

// One engine call on a 16-bit host image: directly (CPU; src and dst with `extra_pitch` bytes of
// padding per row when non-zero), or through pitched device copies (CUDA). dst rows are checked
// for writes beyond the row.
class Runner16 {
 public:
  explicit Runner16(Backend backend, Extent max_extent = {160, 96}) : engine_(backend, max_extent) {
    if (backend == Backend::Cuda) cuda_ok(cudaStreamCreate(&stream_), "cudaStreamCreate");
  }
  ~Runner16() {
    if (stream_) cudaStreamDestroy(stream_);
  }
  Runner16(const Runner16&) = delete;
  Runner16& operator=(const Runner16&) = delete;
  FilterEngine& engine() { return engine_; }

  cv::Mat operator()(const FilterSpec& spec, const cv::Mat& src, std::size_t extra_pitch = 0) {
    const int dst_cn = output_channels(spec, src.channels());
    const std::size_t src_row = std::size_t(src.cols) * src.channels() * 2,
                      dst_row = std::size_t(src.cols) * dst_cn * 2;
    if (engine_.backend() == Backend::Cpu) {
      // Rows inside wider buffers: the padding (0xBEEF) must survive.
      cv::Mat src_buf(src.rows, src.cols + int(extra_pitch / 2) + 1, CV_16UC(src.channels()), cv::Scalar::all(7));
      cv::Mat dst_buf(src.rows, src.cols + int(extra_pitch / 2) + 1, CV_16UC(dst_cn), cv::Scalar::all(0xBEEF));
      cv::Mat s = src_buf(cv::Rect(0, 0, src.cols, src.rows)), d = dst_buf(cv::Rect(0, 0, src.cols, src.rows));
      src.copyTo(s);
      engine_.apply(spec, view16(s), view16(d));
      for (int y = 0; y < dst_buf.rows; ++y)
        for (int e = src.cols * dst_cn; e < dst_buf.cols * dst_cn; ++e)
          if (dst_buf.ptr<uint16_t>(y)[e] != 0xBEEF) {
            ADD_FAILURE() << "a write beyond dst's row " << y;
            y = dst_buf.rows;
            break;
          }
      return d.clone();
    }
    // Device rows exactly extra_pitch bytes longer than a row (any even pitch), 2 bytes into the
    // allocation where extra_pitch is not a multiple of 4: rows of every 4-byte alignment.
    cv::Mat dst(src.rows, src.cols, CV_16UC(dst_cn));
    const std::size_t offset = extra_pitch % 4 == 0 ? 0 : 2;
    const std::size_t src_pitch = src_row + extra_pitch, dst_pitch = dst_row + extra_pitch;
    void* d_src = nullptr;
    void* d_dst = nullptr;
    cuda_ok(cudaMalloc(&d_src, offset + src_pitch * std::size_t(src.rows)), "cudaMalloc");
    cuda_ok(cudaMalloc(&d_dst, offset + dst_pitch * std::size_t(src.rows)), "cudaMalloc");
    auto* s = reinterpret_cast<uint16_t*>(static_cast<char*>(d_src) + offset);
    auto* d = reinterpret_cast<uint16_t*>(static_cast<char*>(d_dst) + offset);
    cuda_ok(cudaMemcpy2D(s, src_pitch, src.data, src.step, src_row, std::size_t(src.rows), cudaMemcpyHostToDevice),
            "upload");
    cuda_ok(cudaMemset(d_dst, 0xCD, offset + dst_pitch * std::size_t(src.rows)), "memset");
    engine_.apply(spec, ConstImage16{s, src_pitch, src.cols, src.rows, src.channels()},
                  Image16{d, dst_pitch, src.cols, src.rows, dst_cn}, stream_);
    cuda_ok(cudaStreamSynchronize(stream_), "cudaStreamSynchronize");
    cuda_ok(cudaMemcpy2D(dst.data, dst.step, d, dst_pitch, dst_row, std::size_t(src.rows), cudaMemcpyDeviceToHost),
            "download");
    // The padding of every row kept its fill.
    std::vector<uint8_t> all(offset + dst_pitch * std::size_t(src.rows));
    cuda_ok(cudaMemcpy(all.data(), d_dst, all.size(), cudaMemcpyDeviceToHost), "download");
    for (int y = 0; y < src.rows; ++y)
      for (std::size_t b = dst_row; b < dst_pitch; ++b)
        if (all[offset + dst_pitch * std::size_t(y) + b] != 0xCD) {
          ADD_FAILURE() << "a write beyond dst's row " << y;
          y = src.rows;
          break;
        }
    cudaFree(d_src);
    cudaFree(d_dst);
    return dst;
  }

 private:
  FilterEngine engine_;
  cudaStream_t stream_ = nullptr;
};

// ---- references ------------------------------------------------------------------------------

inline int cv_border(Border b) { return b == Border::Replicate ? cv::BORDER_REPLICATE : cv::BORDER_REFLECT_101; }

inline cv::Mat reference_blur16(const cv::Mat& src, const BoxBlurParams& p) {
  cv::Mat dst;
  cv::blur(src, dst, cv::Size(p.kernel_width, p.kernel_height), cv::Point(-1, -1), cv_border(p.border));
  return dst;
}

// OpenCV's border index (Reflect101 / Replicate) for position t of an axis of length n.
inline int border_index(long t, int n, bool replicate) {
  if (n == 1) return 0;
  if (replicate) return int(std::clamp<long>(t, 0, n - 1));
  const long period = 2L * n - 2;
  long u = ((t % period) + period) % period;
  return int(u < n ? u : period - u);
}

// mean − C on 16 bits: the mean as cv::blur rounds it on CV_16U (replicate border; a one-row or
// one-column image has a kernel of height or width 1), then pixel − mean > −ceil(C·257)
// (invert: pixel − mean ≤ −floor(C·257)); foreground max_value · 257.
inline cv::Mat reference_mean_c16(const cv::Mat& src, const MeanCParams& p) {
  const int kw = src.cols == 1 ? 1 : p.block, kh = src.rows == 1 ? 1 : p.block;
  const cv::Mat mean = reference_blur16(src, BoxBlurParams{kw, kh, Border::Replicate});
  const double c = p.C * 257.0;
  const long idelta = long(p.invert ? std::floor(c) : std::ceil(c));
  cv::Mat dst(src.size(), CV_16UC1);
  for (int y = 0; y < src.rows; ++y)
    for (int x = 0; x < src.cols; ++x) {
      const long diff = long(src.at<uint16_t>(y, x)) - long(mean.at<uint16_t>(y, x));
      const bool on = p.invert ? diff <= -idelta : diff > -idelta;
      dst.at<uint16_t>(y, x) = on ? uint16_t(p.max_value * 257) : 0;
    }
  return dst;
}

// Bradley–Roth: the window clipped to the image, pixel · count > sum · (100 − t) / 100.
inline cv::Mat reference_bradley16(const cv::Mat& src, const BradleyParams& p) {
  cv::Mat dst(src.size(), CV_16UC1);
  const int a = p.window / 2;
  for (int y = 0; y < src.rows; ++y)
    for (int x = 0; x < src.cols; ++x) {
      const int y0 = std::max(0, y - a), y1 = std::min(src.rows - 1, y - a + p.window - 1);
      const int x0 = std::max(0, x - a), x1 = std::min(src.cols - 1, x - a + p.window - 1);
      int64_t sum = 0;
      for (int yy = y0; yy <= y1; ++yy)
        for (int xx = x0; xx <= x1; ++xx) sum += src.at<uint16_t>(yy, xx);
      const int64_t count = int64_t(y1 - y0 + 1) * (x1 - x0 + 1);
      const double lhs = double(int64_t(src.at<uint16_t>(y, x)) * count);
      const double rhs = double(sum) * (100.0 - p.t) / 100.0;
      dst.at<uint16_t>(y, x) = lhs > rhs ? uint16_t(p.max_value * 257) : 0;
    }
  return dst;
}

// scikit-image's threshold_sauvola on uint16 data, in float64 from exact window sums (numpy's
// 'reflect' padding = Reflect101): m = Σx/n, s = sqrt(max(Σx²/n − m², 0)), T = m·(1 + k·(s/R − 1)),
// R = r·257 (r = 0: 127.5·257 = 32767.5, skimage's default for uint16). Output 65535·(x > T).
inline cv::Mat reference_sauvola16(const cv::Mat& src, const SauvolaParams& p, std::vector<double>* thresholds) {
  cv::Mat dst(src.size(), CV_16UC1);
  const double R = (p.r == 0.0 ? 127.5 : p.r) * 257.0, n = double(p.window) * p.window;
  const int a = p.window / 2;
  thresholds->assign(std::size_t(src.rows) * src.cols, 0.0);
  for (int y = 0; y < src.rows; ++y)
    for (int x = 0; x < src.cols; ++x) {
      uint64_t s = 0, q = 0;
      for (int dy = 0; dy < p.window; ++dy)
        for (int dx = 0; dx < p.window; ++dx) {
          const uint64_t v =
              src.at<uint16_t>(border_index(y - a + dy, src.rows, false), border_index(x - a + dx, src.cols, false));
          s += v;
          q += v * v;
        }
      const double m = double(s) / n, var = std::max(double(q) / n - m * m, 0.0);
      const double t = m * (1.0 + p.k * (std::sqrt(var) / R - 1.0));
      (*thresholds)[std::size_t(y) * src.cols + x] = t;
      dst.at<uint16_t>(y, x) = double(src.at<uint16_t>(y, x)) > t ? uint16_t(p.max_value * 257) : 0;
    }
  return dst;
}

// Odd and even sizes around the vector widths (8 lanes of u16, 4 of u32).
inline const std::vector<std::pair<int, int>>& sizes16() {
  static const std::vector<std::pair<int, int>> s{{1, 1},  {1, 9},   {9, 1},  {2, 3},   {7, 5},  {8, 8},
                                                  {15, 4}, {17, 11}, {31, 6}, {33, 13}, {67, 9}, {64, 3}};
  return s;
}

}  // namespace sat::test
