// 16-bit images through local statistics, Kuwahara, the variable-radius blur and the guided
// filter: independent references (exact integer window sums read through
// cv::borderInterpolate, 128-bit moments, cv::blur on CV_16U per radius, the guided filter in
// long double) and the checks both suites run (tests/filters/cpu, tests/filters/gpu).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "cpu/guided_test_support.h"
#include "local_stats_cases.h"
#include "sixteen_cases.h"
#include "variable_blur_cases.h"

namespace sat::test {

// n·q − s² in 128 bits (n²σ², exact).
inline unsigned __int128 moment128(int64_t n, int64_t s, int64_t q) {
  return (unsigned __int128)(uint64_t(n)) * uint64_t(q) - (unsigned __int128)(uint64_t(s)) * uint64_t(s);
}

inline uint16_t reference_round_u16(double v) {
  if (!(v > 0.0)) return 0;
  if (v >= 65535.0) return 65535;
  return uint16_t(std::floor(v + 0.5));
}

// The documented rule (sixteen/window_ops.h): the 8-bit formula with the parameters × 257.
inline cv::Mat reference_local_stats16(const cv::Mat& src, const LocalStatsParams& p) {
  const int a = p.window / 2;
  const auto sums = reflect101_window_sums(src, p.window, a, [](int64_t v) { return v; });
  const auto squares = reflect101_window_sums(src, p.window, a, [](int64_t v) { return v * v; });
  const int64_t n = int64_t(p.window) * p.window;
  cv::Mat dst(src.size(), CV_16UC1);
  for (int y = 0; y < src.rows; ++y)
    for (int x = 0; x < src.cols; ++x) {
      const std::size_t i = std::size_t(y) * src.cols + x;
      const int64_t s = sums[i];
      uint16_t out;
      if (p.output == LocalStat::Mean) {
        out = uint16_t((2 * s + n) / (2 * n));
      } else {
        const double var = double(moment128(n, s, squares[i])) / double(n * n);
        const double sd = std::sqrt(var);
        if (p.output == LocalStat::Variance)
          out = reference_round_u16(var / (p.scale * 257.0));
        else if (p.output == LocalStat::StdDev)
          out = reference_round_u16(sd * 2.0);
        else {
          const double diff = double(int64_t(src.at<uint16_t>(y, x)) * n - s) / double(n);
          out = reference_round_u16(32896.0 + (p.gain * 257.0) * (diff / (sd + p.c * 257.0)));
        }
      }
      dst.at<uint16_t>(y, x) = out;
    }
  return dst;
}

// Each quadrant read pixel by pixel; the least 128-bit n²σ² wins (the first on ties).
inline cv::Mat reference_kuwahara16(const cv::Mat& src, int r) {
  const int w = src.cols, h = src.rows;
  const int64_t m = int64_t(r + 1) * (r + 1);
  cv::Mat dst(src.size(), CV_16UC1);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      int best = -1;
      unsigned __int128 best_v = 0;
      int64_t best_s = 0;
      for (int q = 0; q < 4; ++q) {
        const int x0 = q % 2 == 0 ? x - r : x, y0 = q < 2 ? y - r : y;
        int64_t s = 0, sq = 0;
        for (int yy = y0; yy <= y0 + r; ++yy)
          for (int xx = x0; xx <= x0 + r; ++xx) {
            const int64_t g = src.at<uint16_t>(cv::borderInterpolate(yy, h, cv::BORDER_REFLECT_101),
                                               cv::borderInterpolate(xx, w, cv::BORDER_REFLECT_101));
            s += g;
            sq += g * g;
          }
        const unsigned __int128 v = moment128(m, s, sq);
        if (best < 0 || v < best_v) {
          best = q;
          best_v = v;
          best_s = s;
        }
      }
      dst.at<uint16_t>(y, x) = uint16_t((2 * best_s + m) / (2 * m));
    }
  return dst;
}

// The self-guided 16-bit gray filter in long double (He, Sun, Tang; BORDER_REFLECT windows),
// eps × 257² (eps is in 8-bit squared gray levels), before rounding and clamping.
inline std::vector<long double> exact_guided16(const cv::Mat& src, const GuidedParams& p) {
  const int w = src.cols, h = src.rows, r = p.radius;
  const std::size_t np = std::size_t(w) * h;
  std::vector<int64_t> v(np), v2(np);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const int64_t i = src.at<uint16_t>(y, x);
      v[std::size_t(y) * w + x] = i;
      v2[std::size_t(y) * w + x] = i * i;
    }
  const std::vector<int64_t> s = guided::window_sums(v, w, h, r), q = guided::window_sums(v2, w, h, r);
  const long double n = (long double)(2 * r + 1) * (2 * r + 1), eps = (long double)p.eps * 66049.0L;
  std::vector<long double> a(np), b(np);
  for (std::size_t i = 0; i < np; ++i) {
    const long double mean = s[i] / n;
    const long double var = (long double)moment128(int64_t(n), s[i], q[i]) / (n * n);
    a[i] = var / (var + eps);
    b[i] = mean - a[i] * mean;
  }
  const std::vector<long double> sa = guided::window_sums(a, w, h, r), sb = guided::window_sums(b, w, h, r);
  std::vector<long double> out(np);
  for (std::size_t i = 0; i < np; ++i) out[i] = sa[i] / n * (long double)v[i] + sb[i] / n;
  return out;
}

inline cv::Mat any16(int w, int h, int cn, uint32_t seed) {
  return seed % 2 == 0 ? random16(w, h, cn, seed) : depth16(w, h, cn, seed);
}

inline std::string name16(const cv::Mat& m, const FilterSpec& spec) {
  return std::to_string(m.cols) + "x" + std::to_string(m.rows) + "x" + std::to_string(m.channels()) + " " +
         sat::describe(spec);
}

// ---- the checks -----------------------------------------------------------------------------

// Every output on odd sizes, windows from 1 to far larger than the image (n·Σx² − (Σx)² past
// 2^64 from window 257 on full-range data), padded rows.
inline void check_local_stats16(Backend backend) {
  Runner16 run(backend, {67, 45});
  uint32_t seed = 7000;
  for (const auto& [w, h] : sizes16())
    for (int window : {1, 3, 15, 31, 257, 1001})
      for (LocalStat out : {LocalStat::Mean, LocalStat::Variance, LocalStat::StdDev, LocalStat::Contrast}) {
        const cv::Mat src = any16(w, h, 1, seed++);
        LocalStatsParams p;
        p.window = window;
        p.output = out;
        p.scale = seed % 3 == 0 ? 1.0 : 64.0;
        p.gain = seed % 2 == 0 ? 32.0 : 3.5;
        p.c = seed % 5 == 0 ? 0.5 : 4.0;
        EXPECT_MAT_EQ(run(p, src, seed % 4 == 0 ? 10 : 0), reference_local_stats16(src, p), name16(src, p));
      }
}

inline void check_kuwahara16(Backend backend) {
  Runner16 run(backend, {67, 45});
  uint32_t seed = 8000;
  for (const auto& [w, h] : sizes16())
    for (int radius : {1, 2, 4, 9, 40}) {
      const cv::Mat src = any16(w, h, 1, seed++);
      const KuwaharaParams p{radius};
      EXPECT_MAT_EQ(run(p, src, seed % 4 == 0 ? 6 : 0), reference_kuwahara16(src, radius), name16(src, p));
    }
  // A flat image: every quadrant ties (variance 0), the output is the image.
  const cv::Mat flat(9, 11, CV_16UC1, cv::Scalar(54321));
  EXPECT_MAT_EQ(run(KuwaharaParams{3}, flat), flat, "flat");
}

// The generated shapes and radius maps, 1, 3 and 4 channels: cv::blur of CV_16U with each
// pixel's box.
inline void check_variable_blur16(Backend backend, bool radius_maps) {
  Runner16 run(backend, {129, 67});
  uint32_t seed = 9000;
  const std::vector<std::pair<int, int>> sizes = {{1, 1}, {1, 13}, {23, 1}, {37, 23}, {129, 67}};
  for (const auto& [w, h] : sizes)
    for (RadiusShape shape : {RadiusShape::TiltShift, RadiusShape::Focus, RadiusShape::Vignette, RadiusShape::Map})
      for (int max_radius : {2, 16, 128})
        for (int cn : {1, 3, 4}) {
          if (shape == RadiusShape::Map && !radius_maps) continue;
          const cv::Mat src = any16(w, h, cn, seed++);
          VariableBlurParams p;
          p.shape = shape;
          p.max_radius = max_radius;
          p.focus_x = (seed % 5) / 4.0;
          p.focus_y = (seed % 7) / 6.0;
          p.extent = (seed % 3) * 0.2;
          const cv::Mat map = random_radius_map(w, h, std::min(max_radius + 3, 255), seed);
          if (shape == RadiusShape::Map) p.radius_map = ConstImage8{map.data, map.step, map.cols, map.rows, 1};
          EXPECT_MAT_EQ(run(p, src, seed % 4 == 0 ? 6 : 0), reference_variable_blur(src, p, map), name16(src, p));
        }
}

// Within 0.75 of a level of the exact filter (the fixed point's 0.25, guided_job.h, and the
// rounding), and mostly its rounding.
inline void check_guided16(Backend backend) {
  Runner16 run(backend, {67, 45});
  uint32_t seed = 9500;
  long total = 0, rounded = 0;
  for (const auto& [w, h] : sizes16())
    for (int radius : {1, 2, 8, 60, 200})
      for (double eps : {0.01, 10.0, 1000.0, 1e6}) {
        const cv::Mat src = any16(w, h, 1, seed++);
        GuidedParams p;
        p.radius = radius;
        p.eps = eps;
        const cv::Mat got = run(p, src, seed % 4 == 0 ? 6 : 0);
        const std::vector<long double> exact = exact_guided16(src, p);
        SCOPED_TRACE(name16(src, p));
        for (int y = 0; y < src.rows; ++y)
          for (int x = 0; x < src.cols; ++x) {
            const long double e = std::clamp<long double>(exact[std::size_t(y) * src.cols + x], 0.0L, 65535.0L);
            const int g = got.at<uint16_t>(y, x);
            ++total;
            rounded += g == int(std::lround(double(e)));
            if (std::fabs(double(g - e)) > 0.75 + 1e-6) {
              ADD_FAILURE() << "at (" << x << ", " << y << "): " << g << " vs " << double(e);
              return;
            }
          }
      }
  EXPECT_GE(double(rounded), 0.9 * double(total)) << rounded << " of " << total << " pixels are the exact rounding";
}

}  // namespace sat::test
