// Shared by the guided filter's CPU and GPU suites: running sat::FilterEngine::apply on host
// images (through device copies for CUDA), the photographs, and an exact reference of the guided
// filter (long double, written from the paper's formulas with cv::borderInterpolate's
// BORDER_REFLECT windows, independent of the library's fixed point) with the bound within which
// satcore's output must round as it does.
#pragma once

#include <gtest/gtest.h>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "../filter_test_support.h"
#include "detect_test_data.h"  // the photographs, decoded with stb (no imgcodecs on the GPU machine)
#include "sat/filters.h"

namespace sat::test::guided {

inline std::string case_name(const cv::Mat& src, const GuidedParams& p) {
  char eps[32];
  std::snprintf(eps, sizeof eps, "%g", p.eps);
  return std::to_string(src.cols) + "x" + std::to_string(src.rows) + "x" + std::to_string(src.channels()) + " r " +
         std::to_string(p.radius) + " eps " + eps + (p.guide == GuideKind::Gray ? " gray guide" : " self");
}

// dst placed `offset` bytes into a buffer filled with 0xA5, rows `extra_pitch` bytes longer than
// a row of pixels: every call checks that nothing outside dst was written.
struct Layout {
  std::size_t offset = 0;
  std::size_t extra_pitch = 0;
};

// One engine, reused call after call (its scratch is kept, as in a video).
class GuidedRunner {
 public:
  explicit GuidedRunner(Backend backend, Extent max_extent = {1024, 1024}, Options options = {})
      : engine_(backend, max_extent, options) {
    if (backend == Backend::Cuda) cuda_ok(cudaStreamCreate(&stream_), "cudaStreamCreate");
  }
  ~GuidedRunner() {
    if (stream_) cudaStreamDestroy(stream_);
  }
  GuidedRunner(const GuidedRunner&) = delete;
  GuidedRunner& operator=(const GuidedRunner&) = delete;

  FilterEngine& engine() { return engine_; }

  cv::Mat run(const cv::Mat& src, const GuidedParams& p, Layout layout = {}) {
    constexpr uint8_t kFill = 0xA5;
    const int cn = src.channels();
    const std::size_t row = std::size_t(src.cols) * std::size_t(cn), pitch = row + layout.extra_pitch;
    const std::size_t bytes = layout.offset + pitch * std::size_t(src.rows) + 16;  // guard bytes at the end
    std::vector<uint8_t> buffer(bytes, kFill);
    const auto dst_at = [&](uint8_t* base) { return Image8{base + layout.offset, pitch, src.cols, src.rows, cn}; };
    if (engine_.backend() == Backend::Cpu) {
      engine_.apply(p, view(src), dst_at(buffer.data()));
    } else {
      DevicePitched d_src(int(row), src.rows);
      DeviceBuffer d_dst(bytes);
      auto* base = static_cast<uint8_t*>(d_dst.get());
      cuda_ok(cudaMemcpy2D(d_src.data(), d_src.pitch(), src.data, src.step, row, std::size_t(src.rows),
                           cudaMemcpyHostToDevice),
              "upload");
      cuda_ok(cudaMemcpy(base, buffer.data(), bytes, cudaMemcpyHostToDevice), "upload dst");
      engine_.apply(p, ConstImage8{d_src.data(), d_src.pitch(), src.cols, src.rows, cn}, dst_at(base), stream_);
      cuda_ok(cudaStreamSynchronize(stream_), "cudaStreamSynchronize");
      cuda_ok(cudaMemcpy(buffer.data(), base, bytes, cudaMemcpyDeviceToHost), "download dst");
    }
    long outside = 0;
    for (std::size_t i = 0; i < bytes; ++i) {
      const bool in_dst = i >= layout.offset && (i - layout.offset) / pitch < std::size_t(src.rows) &&
                          (i - layout.offset) % pitch < row;
      if (!in_dst && buffer[i] != kFill) ++outside;
    }
    EXPECT_EQ(outside, 0) << "bytes written outside dst: " << case_name(src, p);
    return cv::Mat(src.rows, src.cols, src.type(), buffer.data() + layout.offset, pitch).clone();
  }

  // dst = src: the image filtered in place.
  cv::Mat run_in_place(const cv::Mat& src, const GuidedParams& p) {
    cv::Mat img = src.clone();
    if (engine_.backend() == Backend::Cpu) {
      engine_.apply(p, view(img), view(img));
      return img;
    }
    const std::size_t row = std::size_t(src.cols) * std::size_t(src.channels());
    DevicePitched d(int(row), src.rows);
    cuda_ok(cudaMemcpy2D(d.data(), d.pitch(), img.data, img.step, row, std::size_t(src.rows), cudaMemcpyHostToDevice),
            "upload");
    const Image8 image{d.data(), d.pitch(), src.cols, src.rows, src.channels()};
    engine_.apply(p, image, image, stream_);
    cuda_ok(cudaStreamSynchronize(stream_), "cudaStreamSynchronize");
    cuda_ok(cudaMemcpy2D(img.data, img.step, d.data(), d.pitch(), row, std::size_t(src.rows), cudaMemcpyDeviceToHost),
            "download");
    return img;
  }

 private:
  FilterEngine engine_;
  cudaStream_t stream_ = nullptr;
};

// ---- images ------------------------------------------------------------------------------------

struct Size2 {
  int w, h;
};

// Odd and degenerate sizes: single pixels, rows, columns, and windows larger than the image.
inline const std::vector<Size2>& odd_sizes() {
  static const std::vector<Size2> sizes = {{37, 29}, {64, 16}, {1, 1}, {1, 13}, {23, 1}, {5, 3}, {2, 2}, {101, 7}};
  return sizes;
}

struct Photo {
  std::string name;
  cv::Mat image;  // BGR, or gray
};

// scikit-image's photographs (Debian's python3-skimage): colour ones as BGR and as gray.
inline std::vector<Photo> photographs() {
  std::vector<Photo> out;
  out.push_back({"camera", detect_test::load_image("camera.png", cv::IMREAD_GRAYSCALE)});
  for (const char* name : {"astronaut", "coffee", "chelsea"}) {
    const std::string file = std::string(name) + ".png";
    out.push_back({std::string(name) + "_bgr", detect_test::load_image(file, cv::IMREAD_COLOR)});
    out.push_back({std::string(name) + "_gray", detect_test::load_image(file, cv::IMREAD_GRAYSCALE)});
  }
  return out;
}

// BGR + an alpha channel of its own (a gradient with noise): BGRA.
inline cv::Mat with_alpha(const cv::Mat& bgr, uint32_t seed) {
  cv::Mat alpha = random_image(bgr.cols, bgr.rows, 1, seed);
  cv::Mat bgra;
  cv::merge(std::vector<cv::Mat>{bgr, alpha}, bgra);
  return bgra;
}

// ---- the exact reference -----------------------------------------------------------------------

// Sums over each pixel's (2r + 1)² window with BORDER_REFLECT, separably: each line extended by
// cv::borderInterpolate, then a sliding sum along it.
template <class T>
std::vector<T> window_sums(const std::vector<T>& v, int w, int h, int r) {
  const auto line_sums = [r](const std::vector<T>& in, int len, int lines, auto index, std::vector<T>& out) {
    std::vector<T> ext(std::size_t(len) + 2 * std::size_t(r));
    for (int l = 0; l < lines; ++l) {
      for (int t = -r; t < len + r; ++t)
        ext[std::size_t(t + r)] = in[index(l, cv::borderInterpolate(t, len, cv::BORDER_REFLECT))];
      T s = 0;
      for (int t = 0; t < 2 * r + 1; ++t) s += ext[std::size_t(t)];
      for (int i = 0; i < len; ++i) {
        out[index(l, i)] = s;
        if (i + 1 < len) s += ext[std::size_t(i + 2 * r + 1)] - ext[std::size_t(i)];
      }
    }
  };
  std::vector<T> rows(v.size()), out(v.size());
  line_sums(
      v, w, h, [w](int y, int x) { return std::size_t(y) * w + x; }, rows);
  line_sums(
      rows, h, w, [w](int x, int y) { return std::size_t(y) * w + x; }, out);
  return out;
}

// The guided filter's output before rounding, per element of src (alpha: its own value), from
// He, Sun, Tang's formulas in long double: a = (Σ + eps·U)⁻¹ cov(I, p), b = mean p − a·mean I,
// q = mean(a)·I + mean(b). Guide: the image itself (1 or 3 channels) or, guide = Gray, its gray
// version (cv::cvtColor). A 4th channel is kept.
inline std::vector<long double> exact_guided(const cv::Mat& src, const GuidedParams& p) {
  const int w = src.cols, h = src.rows, cn = src.channels(), r = p.radius;
  const std::size_t np = std::size_t(w) * h;
  std::vector<cv::Mat> ch;
  cv::split(src, ch);
  std::vector<cv::Mat> guide;
  if (cn == 1)
    guide = {ch[0]};
  else if (p.guide == GuideKind::Gray)
    guide = {to_gray_cv(src)};
  else
    guide = {ch[0], ch[1], ch[2]};
  const int G = int(guide.size()), C = std::min(cn, 3);
  const auto values = [&](const cv::Mat& a, const cv::Mat* b) {
    std::vector<int64_t> v(np);
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x)
        v[std::size_t(y) * w + x] = int64_t(a.at<uint8_t>(y, x)) * (b ? b->at<uint8_t>(y, x) : 1);
    return window_sums(v, w, h, r);
  };
  const long double n = (long double)(2 * r + 1) * (2 * r + 1);
  std::vector<std::vector<int64_t>> sI(G), sP(C), sII(G * G), sIP(G * C);
  for (int g = 0; g < G; ++g) sI[g] = values(guide[g], nullptr);
  for (int c = 0; c < C; ++c) sP[c] = values(ch[c], nullptr);
  for (int g = 0; g < G; ++g)
    for (int k = 0; k < G; ++k) sII[g * G + k] = values(guide[g], &guide[k]);
  for (int g = 0; g < G; ++g)
    for (int c = 0; c < C; ++c) sIP[g * C + c] = values(guide[g], &ch[c]);

  std::vector<std::vector<long double>> a(C * G, std::vector<long double>(np)), b(C, std::vector<long double>(np));
  for (std::size_t i = 0; i < np; ++i) {
    long double mu[3], S[3][3];
    for (int g = 0; g < G; ++g) mu[g] = sI[g][i] / n;
    for (int g = 0; g < G; ++g)
      for (int k = 0; k < G; ++k) S[g][k] = sII[g * G + k][i] / n - mu[g] * mu[k] + (g == k ? (long double)p.eps : 0);
    for (int c = 0; c < C; ++c) {
      const long double mp = sP[c][i] / n;
      long double cov[3], sol[3];
      for (int g = 0; g < G; ++g) cov[g] = sIP[g * C + c][i] / n - mu[g] * mp;
      if (G == 1) {
        sol[0] = cov[0] / S[0][0];
      } else {  // Cramer's rule on the 3×3 system (Σ + eps·U) a = cov
        const auto det3 = [](long double m[3][3]) {
          return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
                 m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
        };
        const long double d = det3(S);
        for (int k = 0; k < 3; ++k) {
          long double m[3][3];
          for (int u = 0; u < 3; ++u)
            for (int v = 0; v < 3; ++v) m[u][v] = v == k ? cov[u] : S[u][v];
          sol[k] = det3(m) / d;
        }
      }
      long double bb = mp;
      for (int g = 0; g < G; ++g) {
        a[c * G + g][i] = sol[g];
        bb -= sol[g] * mu[g];
      }
      b[c][i] = bb;
    }
  }
  std::vector<long double> q(np * cn);
  std::vector<std::vector<long double>> ma(C * G), mb(C);
  for (int k = 0; k < C * G; ++k) ma[k] = window_sums(a[k], w, h, r);
  for (int c = 0; c < C; ++c) mb[c] = window_sums(b[c], w, h, r);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const std::size_t i = std::size_t(y) * w + x;
      for (int c = 0; c < C; ++c) {
        long double v = mb[c][i] / n;
        for (int g = 0; g < G; ++g) v += ma[c * G + g][i] / n * guide[g].at<uint8_t>(y, x);
        q[i * cn + c] = v;
      }
      if (cn == 4) q[i * cn + 3] = ch[3].at<uint8_t>(y, x);
    }
  return q;
}

// The bound on |satcore's value − the exact value| before the one rounding: the fixed point of
// the coefficients (a: 2^-18 per guide channel times |I − 128| ≤ 128; b: 2^-11), plus 10^-9
// for the double arithmetic (relative 2^-52 on values below 2^9).
inline double error_bound(int channels, const GuidedParams& p) {
  const int guide_channels = channels == 1 || p.guide == GuideKind::Gray ? 1 : 3;
  return guide_channels * 128.0 * std::ldexp(1.0, -18) + std::ldexp(1.0, -11) + 1e-9;
}

struct ExactCheck {
  long elements = 0;
  long exact_ties = 0;  // within the bound of a rounding tie: either neighbour is right
  long wrong = 0;
  std::string first_wrong;
};

// Each element of got must be the exact value rounded (half to even) and saturated, except where
// the exact value lies within `bound` of a tie, where the neighbour across the tie is also right.
inline ExactCheck check_exact(const cv::Mat& got, const std::vector<long double>& exact, double bound) {
  ExactCheck c;
  const int cn = got.channels();
  for (int y = 0; y < got.rows; ++y)
    for (int i = 0; i < got.cols * cn; ++i) {
      const long double q = exact[std::size_t(y) * got.cols * cn + i];
      const int v = got.ptr<uint8_t>(y)[i];
      const auto sat = [](long double t) { return int(std::min<long double>(255, std::max<long double>(0, t))); };
      const int want = sat(std::nearbyint(q));
      ++c.elements;
      const long double tie = std::floor(q) + 0.5L;
      const bool near_tie = std::fabs(q - tie) <= bound;
      if (near_tie) ++c.exact_ties;
      const bool ok = v == want || (near_tie && (v == sat(std::floor(q)) || v == sat(std::floor(q) + 1)));
      if (!ok) {
        if (c.wrong == 0)
          c.first_wrong = "(x=" + std::to_string(i / cn) + ", y=" + std::to_string(y) +
                          ", c=" + std::to_string(i % cn) + "): got " + std::to_string(v) + ", exact " +
                          std::to_string(double(q));
        ++c.wrong;
      }
    }
  return c;
}

}  // namespace sat::test::guided
