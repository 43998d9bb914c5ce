// The detector's bilinear resize against cv::resize(INTER_LINEAR_EXACT) (what OpenCV 4.6's
// cascade detector resizes with), bit for bit: the sizes of detectMultiScale's scale sequences,
// exact halves (OpenCV's INTER_AREA shortcut), odd sizes, random and photographic content.
#include <gtest/gtest.h>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "detect/resize_linear.h"
#include "detect/scale_plan.h"
#include "detect_test_data.h"

namespace {

// Our resize of `src` to `size`; compares with cv::resize and returns the differing pixels.
int differing_pixels(const cv::Mat& src, cv::Size size) {
  cv::Mat expected;
  cv::resize(src, expected, size, 0, 0, cv::INTER_LINEAR_EXACT);
  cv::Mat got(size, CV_8U, cv::Scalar(0));
  std::vector<sat::detect::AxisTaps> xt(std::size_t(size.width)), yt(std::size_t(size.height));
  sat::detect::cpu_resize_linear(src.data, src.step, {src.cols, src.rows}, got.data, got.step,
                                 {size.width, size.height}, xt.data(), yt.data());
  return cv::countNonZero(got != expected);
}

TEST(ResizeLinearCpu, EqualsOpenCvOnTheScaleSequenceOfPhotographs) {
  const cv::Mat camera = detect_test::load_image("camera.png", cv::IMREAD_GRAYSCALE);
  int checked = 0;
  for (cv::Size frame :
       {cv::Size(512, 512), cv::Size(333, 251), cv::Size(640, 480), cv::Size(1001, 37), cv::Size(37, 29)}) {
    cv::Mat src;
    cv::resize(camera, src, frame, 0, 0, cv::INTER_AREA);
    std::vector<sat::detect::ScaleLevel> levels;
    sat::detect::plan_scales({frame.width, frame.height}, {24, 24}, {1.1, 3, {0, 0}, {0, 0}}, levels);
    for (const auto& level : levels) {
      SCOPED_TRACE(std::to_string(frame.width) + "x" + std::to_string(frame.height) + " -> " +
                   std::to_string(level.size.width) + "x" + std::to_string(level.size.height));
      EXPECT_EQ(differing_pixels(src, {level.size.width, level.size.height}), 0);
      ++checked;
    }
  }
  EXPECT_GT(checked, 40);
}

TEST(ResizeLinearCpu, EqualsOpenCvOnRandomImagesAndSizes) {
  cv::RNG rng(2023);
  for (int k = 0; k < 200; ++k) {
    const int sw = rng.uniform(1, 300), sh = rng.uniform(1, 300);
    const int dw = rng.uniform(1, sw + 1), dh = rng.uniform(1, sh + 1);
    cv::Mat src(sh, sw, CV_8U);
    rng.fill(src, cv::RNG::UNIFORM, 0, 256);
    SCOPED_TRACE(std::to_string(sw) + "x" + std::to_string(sh) + " -> " + std::to_string(dw) + "x" +
                 std::to_string(dh));
    EXPECT_EQ(differing_pixels(src, {dw, dh}), 0);
  }
}

TEST(ResizeLinearCpu, ExactHalvesEqualOpenCvsAreaShortcut) {
  cv::RNG rng(5);
  for (cv::Size s : {cv::Size(2, 2), cv::Size(38, 30), cv::Size(100, 64), cv::Size(514, 2)}) {
    cv::Mat src(s, CV_8U);
    rng.fill(src, cv::RNG::UNIFORM, 0, 256);
    EXPECT_EQ(differing_pixels(src, {s.width / 2, s.height / 2}), 0);
    cv::Mat area;
    cv::resize(src, area, {s.width / 2, s.height / 2}, 0, 0, cv::INTER_AREA);
    cv::Mat exact;
    cv::resize(src, exact, {s.width / 2, s.height / 2}, 0, 0, cv::INTER_LINEAR_EXACT);
    EXPECT_EQ(cv::countNonZero(area != exact), 0);
  }
}

TEST(ResizeLinearCpu, DiffersFromPlainInterLinear) {  // why INTER_LINEAR_EXACT matters: 11-bit weights differ
  const cv::Mat camera = detect_test::load_image("camera.png", cv::IMREAD_GRAYSCALE);
  cv::Mat plain;
  cv::resize(camera, plain, {465, 465}, 0, 0, cv::INTER_LINEAR);
  cv::Mat got(465, 465, CV_8U);
  std::vector<sat::detect::AxisTaps> xt(465), yt(465);
  sat::detect::cpu_resize_linear(camera.data, camera.step, {512, 512}, got.data, got.step, {465, 465}, xt.data(),
                                 yt.data());
  EXPECT_GT(cv::countNonZero(got != plain), 0);
}

TEST(ResizeLinearCpu, UpscalingAlsoEqualsOpenCv) {  // not used by detection; the taps handle it
  cv::RNG rng(9);
  for (int k = 0; k < 40; ++k) {
    const int sw = rng.uniform(1, 60), sh = rng.uniform(1, 60);
    cv::Mat src(sh, sw, CV_8U);
    rng.fill(src, cv::RNG::UNIFORM, 0, 256);
    EXPECT_EQ(differing_pixels(src, {sw + rng.uniform(1, 50), sh + rng.uniform(1, 50)}), 0);
  }
}

}  // namespace
