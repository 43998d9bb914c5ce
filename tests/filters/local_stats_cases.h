// The checks of the local statistics filter ("local"), written once and run by both suites
// (tests/filters/cpu: Backend::Cpu, tests/filters/gpu: Backend::Cuda), against a brute-force
// reference: every window position read through cv::borderInterpolate(BORDER_REFLECT_101), exact
// integer sums, then the documented double formula (LocalStatsParams) and rounding.
#pragma once

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "filter_cases.h"
#include "spec_runner.h"

namespace sat::test {

// How often each source index is read by the reflect-101 window of `k` positions starting at
// pos − anchor (straight loop over the window).
inline std::vector<int64_t> reflect101_counts(int pos, int len, int k, int anchor) {
  std::vector<int64_t> counts(std::size_t(len), 0);
  for (int t = 0; t < k; ++t)
    ++counts[std::size_t(cv::borderInterpolate(pos - anchor + t, len, cv::BORDER_REFLECT_101))];
  return counts;
}

// Σ f(pixel) over the reflect-101 window of every pixel of a 1-channel 8- or 16-bit image: the counts of both
// axes times the pixels (windows far larger than the image stay cheap this way).
template <class F>
std::vector<int64_t> reflect101_window_sums(const cv::Mat& gray, int k, int anchor, F f) {
  const int w = gray.cols, h = gray.rows;
  std::vector<std::vector<int64_t>> cx, cy;
  for (int x = 0; x < w; ++x) cx.push_back(reflect101_counts(x, w, k, anchor));
  for (int y = 0; y < h; ++y) cy.push_back(reflect101_counts(y, h, k, anchor));
  std::vector<int64_t> sums(std::size_t(w) * h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      int64_t s = 0;
      for (int i = 0; i < h; ++i) {
        if (cy[y][i] == 0) continue;
        int64_t row = 0;
        for (int j = 0; j < w; ++j)
          row +=
              cx[x][j] * f(gray.depth() == CV_16U ? int64_t(gray.at<uint16_t>(i, j)) : int64_t(gray.at<uint8_t>(i, j)));
        s += cy[y][i] * row;
      }
      sums[std::size_t(y) * w + x] = s;
    }
  return sums;
}

// ⌊v + 0.5⌋ of v clamped to [0, 255].
inline uint8_t reference_round_u8(double v) {
  if (!(v > 0.0)) return 0;
  if (v >= 255.0) return 255;
  return uint8_t(std::floor(v + 0.5));
}

inline cv::Mat reference_local_stats(const cv::Mat& src, const LocalStatsParams& p) {
  const cv::Mat gray = to_gray_cv(src);
  const int a = p.window / 2;
  const auto sums = reflect101_window_sums(gray, p.window, a, [](int v) { return int64_t(v); });
  const auto squares = reflect101_window_sums(gray, p.window, a, [](int v) { return int64_t(v) * v; });
  const int64_t n = int64_t(p.window) * p.window;
  cv::Mat dst(gray.size(), CV_8UC1);
  for (int y = 0; y < gray.rows; ++y)
    for (int x = 0; x < gray.cols; ++x) {
      const std::size_t i = std::size_t(y) * gray.cols + x;
      const int64_t S = sums[i], Q = squares[i];
      const double var = double(uint64_t(n) * uint64_t(Q) - uint64_t(S) * uint64_t(S)) / double(n * n);
      const double sd = std::sqrt(var);
      const int pixel = gray.at<uint8_t>(y, x);
      uint8_t out = 0;
      switch (p.output) {
        case LocalStat::Mean:
          out = reference_round_u8(double(S) / double(n));
          break;
        case LocalStat::Variance:
          out = reference_round_u8(var / p.scale);
          break;
        case LocalStat::StdDev:
          out = reference_round_u8(2.0 * sd);
          break;
        case LocalStat::Contrast: {
          const double diff = double(pixel * n - S) / double(n);
          out = reference_round_u8(128.0 + p.gain * (diff / (sd + p.c)));
          break;
        }
      }
      dst.at<uint8_t>(y, x) = out;
    }
  return dst;
}

// Every output, odd sizes (1×1, 1×N, N×1, 37×23, 129×67), 1/3/4 channels, windows from 1 to far
// larger than the image (4095, the largest), padded pitches.
inline void check_local_stats_matches_reference(Backend backend) {
  SpecRunner run(backend, {129, 67});
  const std::vector<Size2> sizes = {{1, 1}, {1, 13}, {23, 1}, {37, 23}, {129, 67}, {5, 3}, {2, 2}};
  uint32_t seed = 2100;
  for (const Size2 sz : sizes)
    for (int cn : {1, 3, 4})
      for (int window : {1, 3, 15, 2 * std::max(sz.w, sz.h) + 1, 4095})
        for (LocalStat output : {LocalStat::Mean, LocalStat::Variance, LocalStat::StdDev, LocalStat::Contrast}) {
          if (window == 4095 && sz.w * sz.h > 1000) continue;  // the reference's cost
          cv::Mat src = seed % 2 ? random_image(sz.w, sz.h, cn, seed) : textured_image(sz.w, sz.h, cn, seed);
          ++seed;
          if (seed % 3 == 0) src = with_padding(src);
          LocalStatsParams p;
          p.window = window;
          p.output = output;
          p.scale = seed % 2 ? 64.0 : 7.5;
          p.gain = seed % 3 ? 32.0 : 100.0;
          p.c = seed % 5 ? 4.0 : 0.25;
          SCOPED_TRACE(describe(src) + " " + describe(FilterSpec(p)));
          EXPECT_MAT_EQ(run.apply(src, p), reference_local_stats(src, p), "local statistics vs brute force");
        }
}

// Sums at the edges of exactness: an all-255 image and a 0/255 checkerboard with the largest
// window (n·Σx² and (Σx)² near 255²·n², the variance at its maximum 127.5²).
inline void check_local_stats_extreme_sums(Backend backend) {
  SpecRunner run(backend, {40, 30});
  cv::Mat white(30, 40, CV_8UC1, cv::Scalar(255)), board(30, 40, CV_8UC1);
  for (int y = 0; y < board.rows; ++y)
    for (int x = 0; x < board.cols; ++x) board.at<uint8_t>(y, x) = (x + y) % 2 ? 255 : 0;
  for (const cv::Mat* m : {&white, &board})
    for (LocalStat output : {LocalStat::Mean, LocalStat::Variance, LocalStat::StdDev, LocalStat::Contrast}) {
      LocalStatsParams p;
      p.window = 4095;
      p.output = output;
      p.scale = 64.0;
      SCOPED_TRACE(describe(FilterSpec(p)));
      EXPECT_MAT_EQ(run.apply(*m, p), reference_local_stats(*m, p), "extreme sums");
    }
  // The checkerboard's 3×3 windows: σ² = 255²·20/81 exactly; stddev saturates nothing (2σ ≤ 255).
  LocalStatsParams p;
  p.window = 3;
  p.output = LocalStat::StdDev;
  const cv::Mat got = run.apply(board, p);
  EXPECT_MAT_EQ(got, reference_local_stats(board, p), "checkerboard stddev");
  EXPECT_EQ(int(got.at<uint8_t>(10, 10)), int(std::floor(2.0 * std::sqrt(255.0 * 255.0 * 20.0 / 81.0) + 0.5)));
}

}  // namespace sat::test
