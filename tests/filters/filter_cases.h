// The checks of every filter against OpenCV 4.6 / float64 references, written once and run by
// both suites: tests/filters/cpu (Backend::Cpu) and tests/filters/gpu (Backend::Cuda).
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "filter_test_support.h"

namespace sat::test {

inline std::string describe(const cv::Mat& m) {
  return std::to_string(m.cols) + "x" + std::to_string(m.rows) + "x" + std::to_string(m.channels()) +
         (m.isContinuous() ? "" : " (padded pitch)");
}

struct Size2 {
  int w, h;
};

// Odd and degenerate sizes.
inline const std::vector<Size2>& test_sizes() {
  static const std::vector<Size2> sizes = {{37, 29}, {64, 16}, {1, 1}, {1, 13}, {23, 1}, {5, 3}, {2, 2}, {101, 7}};
  return sizes;
}

// ---- box blur --------------------------------------------------------------------------------

// cv::blur for every size, channel count, border and a spread of kernels: 1, 3, 31, 255, even,
// one-dimensional, non-square, and larger than the image (the reflection wraps many times).
inline void check_box_blur_matches_opencv(Backend backend) {
  Runner run(backend, {128, 64});
  uint32_t seed = 1;
  for (const Size2 sz : test_sizes())
    for (int cn : {1, 3, 4})
      for (Border border : {Border::Reflect101, Border::Replicate}) {
        const std::vector<Size2> kernels = {{1, 1},
                                            {3, 3},
                                            {31, 31},
                                            {255, 255},
                                            {2, 1},
                                            {1, 2},
                                            {2, 2},
                                            {4, 6},
                                            {5, 1},
                                            {1, 7},
                                            {17, 16},
                                            {3, 101},
                                            {sz.w + 5, 2 * sz.h + 1},
                                            {4 * sz.w + 3, 3 * sz.h + 2}};
        for (const Size2 k : kernels) {
          cv::Mat src = random_image(sz.w, sz.h, cn, seed++);
          if (seed % 3 == 0) src = with_padding(src);
          const BoxBlurParams p{k.w, k.h, border};
          SCOPED_TRACE(describe(src) + " kernel " + std::to_string(k.w) + "x" + std::to_string(k.h) + " " +
                       to_string(border));
          EXPECT_MAT_EQ(run.box_blur(src, p), reference_blur(src, p), "box_blur vs cv::blur");
        }
      }
}

// Every possible box sum 0 … 255·N for kernel areas N on both of OpenCV's column loops: a 1×N
// kernel over a column whose values step so that consecutive rows' sums differ by exactly 1.
// Width 16 puts every element in OpenCV's SIMD loop, width 7 every element in its scalar loop.
inline cv::Mat every_sum_image(int width, int n) {
  const int height = 256 * n + n;
  cv::Mat m(height, width, CV_8UC1);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) m.at<uint8_t>(y, x) = uint8_t(std::min(255, (y + 3 * x) / n));
  return m;
}

inline const std::vector<int>& exhaustive_areas() {
  static const std::vector<int> areas = {1,   2,   3,   4,   5,   6,   7,   8,   9,   10,  11,  12,
                                         13,  14,  15,  16,  17,  24,  25,  32,  49,  64,  81,  121,
                                         128, 225, 255, 256, 257, 282, 300, 361, 441, 625, 961, 1024};
  return areas;
}

inline void check_box_blur_every_sum(Backend backend) {
  const int max_n = exhaustive_areas().back();
  Runner run(backend, {16, 256 * max_n + max_n});
  for (int n : exhaustive_areas())
    for (int width : {16, 7}) {
      const cv::Mat src = every_sum_image(width, n);
      const BoxBlurParams p{1, n, Border::Reflect101};
      SCOPED_TRACE("kernel 1x" + std::to_string(n) + ", width " + std::to_string(width));
      EXPECT_MAT_EQ(run.box_blur(src, p), reference_blur(src, p), "every sum");
    }
}

// Horizontal kernels N×1 over rows that step the same way: sums in SIMD columns and the tail.
inline void check_box_blur_every_sum_horizontal(Backend backend) {
  const std::vector<int> areas = {2, 3, 9, 256, 257, 282};
  Runner run(backend, {256 * 282 + 282 + 8, 3});
  for (int n : areas) {
    const int width = 256 * n + n + 5;  // width % 8 ≠ 0: a scalar tail
    cv::Mat src(3, width, CV_8UC1);
    for (int y = 0; y < 3; ++y)
      for (int x = 0; x < width; ++x) src.at<uint8_t>(y, x) = uint8_t(std::min(255, (x + 7 * y) / n));
    const BoxBlurParams p{n, 1, Border::Replicate};
    SCOPED_TRACE("kernel " + std::to_string(n) + "x1");
    EXPECT_MAT_EQ(run.box_blur(src, p), reference_blur(src, p), "every sum, horizontal");
  }
}

// Kernel areas past OpenCV's 2^23 switch to 64-bit float sums, and past 16 843 009 pixels, where
// box sums no longer fit in 32 bits.
inline void check_box_blur_huge_kernels(Backend backend) {
  Runner run(backend, {40, 32});
  uint32_t seed = 900;
  const std::vector<Size2> kernels = {{2896, 2896}, {2897, 2897}, {4200, 4100}, {9001, 1}, {1, 3001}};
  for (int cn : {1, 3})
    for (const Size2 k : kernels)
      for (Border border : {Border::Reflect101, Border::Replicate}) {
        const cv::Mat src = random_image(37, 29, cn, seed++);
        const BoxBlurParams p{k.w, k.h, border};
        SCOPED_TRACE(describe(src) + " kernel " + std::to_string(k.w) + "x" + std::to_string(k.h) + " " +
                     to_string(border));
        EXPECT_MAT_EQ(run.box_blur(src, p), reference_blur(src, p), "huge kernel");
      }
  // All-255: sums as large as they get.
  const cv::Mat white(29, 37, CV_8UC1, cv::Scalar(255));
  const BoxBlurParams p{4200, 4100, Border::Reflect101};
  EXPECT_MAT_EQ(run.box_blur(white, p), reference_blur(white, p), "huge kernel, white");
}

// An image of more than 16 843 009 pixels with a box covering all of it: rectangle sums of the
// u32 table are summed in bands of rows that each fit.
inline void check_box_blur_huge_image(Backend backend) {
  const int w = 4105, h = 4104;  // 16 846 920 pixels
  Runner run(backend, {w, h});
  // Nearly white, so that the whole-image sum (≈ 255 · 16.85M) exceeds 2^32: a plain u32
  // rectangle sum would wrap. A few thousand random pixels make the means differ.
  cv::Mat src(h, w, CV_8UC1, cv::Scalar(255));
  std::mt19937 rng(4242);
  for (int i = 0; i < 3000; ++i)
    src.at<uint8_t>(int(rng() % unsigned(h)), int(rng() % unsigned(w))) = uint8_t(rng() & 255u);
  const BoxBlurParams p{2 * w + 1, 2 * h + 1, Border::Replicate};
  const cv::Mat got = run.box_blur(src, p), want = reference_blur(src, p);
  EXPECT_MAT_EQ(got, want, "box covering a > 16.8M-pixel image");
}

// ---- adaptive mean − C -----------------------------------------------------------------------

inline void check_mean_c_matches_opencv(Backend backend) {
  Runner run(backend, {128, 64});
  uint32_t seed = 100;
  const std::vector<double> cs = {0.0, 2.0, -3.0, 2.5, -2.5, 7.0001, -0.25, 300.0, -300.0};
  for (const Size2 sz : test_sizes())
    for (int cn : {1, 3, 4})
      for (int block : {3, 5, 11, 31, 255, 2 * std::max(sz.w, sz.h) + 3})
        for (bool invert : {false, true}) {
          cv::Mat src = textured_image(sz.w, sz.h, cn, seed++);
          if (seed % 4 == 0) src = with_padding(src);
          const double c = cs[seed % cs.size()];
          const uint8_t maxv = seed % 5 == 0 ? 200 : 255;
          const MeanCParams p{block, c, invert, maxv};
          SCOPED_TRACE(describe(src) + " block " + std::to_string(block) + " C " + std::to_string(c) +
                       (invert ? " inv" : "") + " max " + std::to_string(maxv));
          EXPECT_MAT_EQ(run.mean_c(src, p), reference_mean_c(src, p), "mean_c vs cv::adaptiveThreshold");
        }
}

// Every fractional C on the same image, both modes: ceil/floor of C decides.
inline void check_mean_c_fractional_c(Backend backend) {
  Runner run(backend, {128, 64});
  const cv::Mat src = textured_image(97, 41, 1, 7);
  for (double c = -5.0; c <= 5.0; c += 0.25)
    for (bool invert : {false, true}) {
      const MeanCParams p{9, c, invert, 255};
      SCOPED_TRACE("C " + std::to_string(c) + (invert ? " inv" : ""));
      EXPECT_MAT_EQ(run.mean_c(src, p), reference_mean_c(src, p), "fractional C");
    }
}

// ---- Sauvola ---------------------------------------------------------------------------------

inline void check_sauvola_matches_reference(Backend backend) {
  Runner run(backend, {128, 64});
  uint32_t seed = 300;
  long total = 0, mismatches = 0;
  for (const Size2 sz : test_sizes())
    for (int cn : {1, 3, 4})
      for (int window : {3, 15, 31, 2 * std::max(sz.w, sz.h) + 1})
        for (double k : {0.2, 0.5, 0.05}) {
          cv::Mat src = textured_image(sz.w, sz.h, cn, seed++);
          if (seed % 4 == 0) src = with_padding(src);
          const double r = seed % 3 == 0 ? 0.0 : 100.0 + seed % 50;
          const uint8_t maxv = seed % 5 == 0 ? 1 : 255;
          const SauvolaParams p{window, k, r, maxv};
          const cv::Mat gray = to_gray_cv(src);
          std::vector<double> thr;
          const cv::Mat want = reference_sauvola(gray, window, k, r, maxv, &thr);
          const cv::Mat got = run.sauvola(src, p);
          SCOPED_TRACE(describe(src) + " window " + std::to_string(window) + " k " + std::to_string(k) + " r " +
                       std::to_string(r));
          for (int y = 0; y < gray.rows; ++y)
            for (int x = 0; x < gray.cols; ++x) {
              ++total;
              if (got.at<uint8_t>(y, x) == want.at<uint8_t>(y, x)) continue;
              ++mismatches;
              // Only a pixel sitting on its threshold may go either way.
              const double t = thr[std::size_t(y) * gray.cols + x];
              EXPECT_NEAR(double(gray.at<uint8_t>(y, x)), t, 1e-9 * std::max(1.0, std::abs(t)))
                  << "at (" << x << ", " << y << ")";
            }
        }
  EXPECT_LE(double(mismatches), 1e-4 * double(total)) << mismatches << " of " << total << " pixels differ";
  ::testing::Test::RecordProperty("sauvola_mismatches", std::to_string(mismatches) + " of " + std::to_string(total));
}

// ---- Bradley–Roth ----------------------------------------------------------------------------

inline void check_bradley_matches_reference(Backend backend) {
  Runner run(backend, {128, 64});
  uint32_t seed = 500;
  for (const Size2 sz : test_sizes())
    for (int cn : {1, 3, 4})
      for (int window : {1, 2, 3, 8, 15, 31, 2 * std::max(sz.w, sz.h) + 4})
        for (double t : {0.0, 15.0, 7.5, 99.9}) {
          cv::Mat src = textured_image(sz.w, sz.h, cn, seed++);
          if (seed % 4 == 0) src = with_padding(src);
          const uint8_t maxv = seed % 5 == 0 ? 128 : 255;
          const BradleyParams p{window, t, maxv};
          SCOPED_TRACE(describe(src) + " window " + std::to_string(window) + " t " + std::to_string(t));
          EXPECT_MAT_EQ(run.bradley(src, p), reference_bradley(to_gray_cv(src), window, t, maxv), "bradley");
        }
}

// ---- output layouts ----------------------------------------------------------------------------

// The CUDA passes compute groups of 4 pixels of a row and store them as words where the row's
// address allows (bytes elsewhere), in an interior kernel (boxes inside the image) and a border
// kernel (all the rest). Every filter against its reference, on random images whose widths fall
// on and off multiples of 4, with dst rows at every alignment and pitches of every residue, and
// boxes that fit, cross one border only, leave an interior narrower than a group, or exceed the
// image; the runner fails the test for any byte written outside dst.
inline void check_filters_on_dst_layouts(Backend backend) {
  Runner run(backend, {301, 67});
  const std::vector<DstLayout> layouts = {{0, 0}, {1, 1}, {2, 2}, {3, 3}, {4, 0}, {8, 4}, {12, 6}, {5, 7}};
  const std::vector<Size2> sizes = {{1, 1}, {2, 3}, {3, 2},  {4, 4},   {5, 7},   {7, 3},
                                    {8, 5}, {9, 9}, {13, 6}, {33, 17}, {62, 23}, {301, 67}};
  uint32_t seed = 1200;
  for (const DstLayout layout : layouts) {
    run.set_dst_layout(layout);
    for (const Size2 sz : sizes) {
      SCOPED_TRACE("dst offset " + std::to_string(layout.offset) + ", pitch + " + std::to_string(layout.extra_pitch) +
                   ", " + std::to_string(sz.w) + "x" + std::to_string(sz.h));
      // Box blur: kernels inside the image, 1-D ones (crossing the left/right or top/bottom
      // border only), an interior 3 pixels wide, boxes wider / taller / larger than the image.
      const std::vector<Size2> kernels = {{3, 3},
                                          {5, 1},
                                          {1, 5},
                                          {std::max(1, sz.w - 2), 3},
                                          {sz.w + 2, 3},
                                          {3, sz.h + 2},
                                          {2 * sz.w + 1, 2 * sz.h + 1}};
      for (int cn : {1, 3, 4})
        for (const Size2 k : kernels) {
          const Border border = seed % 2 == 0 ? Border::Reflect101 : Border::Replicate;
          const cv::Mat src = random_image(sz.w, sz.h, cn, seed++);
          const BoxBlurParams p{k.w, k.h, border};
          EXPECT_MAT_EQ(run.box_blur(src, p), reference_blur(src, p),
                        "box_blur " + std::to_string(cn) + " channels, kernel " + std::to_string(k.w) + "x" +
                            std::to_string(k.h) + " " + to_string(border));
        }
      for (int window : {3, 7, 2 * std::max(sz.w, sz.h) + 1}) {
        const cv::Mat src = random_image(sz.w, sz.h, 1, seed++);
        const std::string w = " window " + std::to_string(window);
        const MeanCParams mp{window, 1.5, seed % 2 == 0, 255};
        EXPECT_MAT_EQ(run.mean_c(src, mp), reference_mean_c(src, mp), "mean_c" + w);
        EXPECT_MAT_EQ(run.sauvola(src, {window, 0.3, 0.0, 255}), reference_sauvola(src, window, 0.3, 0.0, 255),
                      "sauvola" + w);
        EXPECT_MAT_EQ(run.bradley(src, {window, 10.0, 255}), reference_bradley(src, window, 10.0, 255), "bradley" + w);
      }
    }
  }
}

// ---- colour → gray ---------------------------------------------------------------------------

inline void check_to_gray_matches_opencv(Backend backend) {
  Runner run(backend, {300, 300});
  uint32_t seed = 700;
  for (int cn : {1, 3, 4})
    for (const Size2 sz : {Size2{257, 3}, Size2{1, 1}, Size2{16, 16}, Size2{3, 290}}) {
      cv::Mat src = random_image(sz.w, sz.h, cn, seed++);
      if (seed % 2 == 0) src = with_padding(src);
      SCOPED_TRACE(describe(src));
      EXPECT_MAT_EQ(run.to_gray(src), to_gray_cv(src), "to_gray vs cv::cvtColor");
    }
  // All 2^24 colours, in 16 images of 256 × 4096 (B along x, G and R along y).
  Runner big(backend, {256, 4096});
  for (int part = 0; part < 16; ++part) {
    cv::Mat all(4096, 256, CV_8UC3);
    for (int y = 0; y < all.rows; ++y)
      for (int x = 0; x < 256; ++x) {
        const int gr = part * 4096 + y;
        all.at<cv::Vec3b>(y, x) = cv::Vec3b(uint8_t(x), uint8_t(gr & 255), uint8_t(gr >> 8));
      }
    EXPECT_MAT_EQ(big.to_gray(all), to_gray_cv(all), "to_gray, all colours, part " + std::to_string(part));
  }
}

}  // namespace sat::test
