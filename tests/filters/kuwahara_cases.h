// The checks of the Kuwahara filter ("kuwahara"), written once and run by both suites
// (tests/filters/cpu: Backend::Cpu, tests/filters/gpu: Backend::Cuda), against a brute-force
// reference: each quadrant's pixels read one by one through
// cv::borderInterpolate(BORDER_REFLECT_101), exact integer sums, the least gray variance (first
// quadrant on ties), the rounded means of its channels.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "filter_cases.h"
#include "spec_runner.h"

namespace sat::test {

inline cv::Mat reference_kuwahara(const cv::Mat& src, int r) {
  const cv::Mat gray = to_gray_cv(src);
  const int w = src.cols, h = src.rows, cn = src.channels();
  const int64_t m = int64_t(r + 1) * (r + 1);
  cv::Mat dst(src.size(), src.type());
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      int best = -1;
      int64_t best_v = 0;
      std::array<int64_t, 4> best_sums{};
      // Top-left, top-right, bottom-left, bottom-right.
      for (int q = 0; q < 4; ++q) {
        const int x0 = q % 2 == 0 ? x - r : x, y0 = q < 2 ? y - r : y;
        int64_t s = 0, sq = 0;
        std::array<int64_t, 4> sums{};
        for (int yy = y0; yy <= y0 + r; ++yy)
          for (int xx = x0; xx <= x0 + r; ++xx) {
            const int sy = cv::borderInterpolate(yy, h, cv::BORDER_REFLECT_101);
            const int sx = cv::borderInterpolate(xx, w, cv::BORDER_REFLECT_101);
            const int64_t g = gray.at<uint8_t>(sy, sx);
            s += g;
            sq += g * g;
            for (int c = 0; c < cn; ++c) sums[std::size_t(c)] += src.ptr<uint8_t>(sy)[sx * cn + c];
          }
        const int64_t v = m * sq - s * s;
        if (best < 0 || v < best_v) {
          best = q;
          best_v = v;
          best_sums = sums;
        }
      }
      for (int c = 0; c < cn; ++c)
        dst.ptr<uint8_t>(y)[x * cn + c] = uint8_t((2 * best_sums[std::size_t(c)] + m) / (2 * m));
    }
  return dst;
}

// Odd sizes, 1/3/4 channels, radii from 1 to larger than the image, padded pitches.
inline void check_kuwahara_matches_reference(Backend backend) {
  SpecRunner run(backend, {129, 67});
  const std::vector<Size2> sizes = {{1, 1}, {1, 13}, {23, 1}, {37, 23}, {129, 67}, {5, 3}, {2, 2}};
  uint32_t seed = 5100;
  for (const Size2 sz : sizes)
    for (int cn : {1, 3, 4})
      for (int radius : {1, 2, 4, 7, std::max(sz.w, sz.h) + 3}) {
        if (sz.w * sz.h > 2000 && radius > 7) continue;  // the reference's cost
        cv::Mat src = seed % 2 ? random_image(sz.w, sz.h, cn, seed) : textured_image(sz.w, sz.h, cn, seed);
        ++seed;
        if (seed % 3 == 0) src = with_padding(src);
        KuwaharaParams p;
        p.radius = radius;
        SCOPED_TRACE(describe(src) + " radius " + std::to_string(radius));
        EXPECT_MAT_EQ(run.apply(src, p), reference_kuwahara(src, radius), "kuwahara vs brute force");
      }
}

// Equal variances everywhere: on the ramp 8·(x + y) every quadrant of radius 1 holds
// {a − 16, a − 8, a − 8, a} shifted, so all four tie, and the first, top-left, must win: its mean
// is 8·(x + y) − 8 (the others' are larger). A flat image stays flat.
inline void check_kuwahara_ties_go_to_the_first_quadrant(Backend backend) {
  SpecRunner run(backend, {16, 16});
  for (int cn : {1, 3}) {
    cv::Mat ramp(12, 12, CV_8UC(cn));
    for (int y = 0; y < 12; ++y)
      for (int x = 0; x < 12; ++x)
        for (int c = 0; c < cn; ++c) ramp.ptr<uint8_t>(y)[x * cn + c] = uint8_t(8 * (x + y));
    KuwaharaParams p;
    p.radius = 1;
    const cv::Mat got = run.apply(ramp, p);
    EXPECT_MAT_EQ(got, reference_kuwahara(ramp, 1), "ramp");
    for (int y = 1; y < 12; ++y)
      for (int x = 1; x < 12; ++x) ASSERT_EQ(int(got.ptr<uint8_t>(y)[x * cn]), 8 * (x + y) - 8) << x << "," << y;
  }
  const cv::Mat flat(9, 7, CV_8UC1, cv::Scalar(77));
  EXPECT_MAT_EQ(run.apply(flat, KuwaharaParams{5}), flat, "a flat image stays flat");
}

}  // namespace sat::test
