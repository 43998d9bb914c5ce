// 16-bit images through satfilter (label cpu): a 16-bit PNG, TIFF or PGM filtered by a filter that
// takes 16-bit images gives a 16-bit output with the library's bytes (sat::FilterEngine on the
// same pixels), sequences too; what cannot hold or take 16 bits (a JPEG output, a video output,
// --detect, a mixed sequence) is refused naming the file and the type, leaving nothing behind.
#include <opencv2/imgcodecs.hpp>

#include <cstdint>
#include <random>
#include <string>

#include "sat/filters.h"
#include "satfilter_test_support.h"

namespace satfilter_test {
namespace {

using SixteenBitTest = SatfilterTest;

const std::string kCascade = "/usr/share/opencv4/haarcascades/haarcascade_frontalface_default.xml";

// Random samples over the whole 16-bit range (never all-zero, never only small values).
cv::Mat random_u16(int width, int height, int channels, unsigned seed) {
  cv::Mat image(height, width, CV_16UC(channels));
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> sample(0, 65535);
  for (int y = 0; y < height; ++y) {
    auto* row = image.ptr<uint16_t>(y);
    for (int i = 0; i < width * channels; ++i) row[i] = uint16_t(sample(rng));
  }
  return image;
}

// What satcore's CPU engine gives for `spec` on `image` (the bytes satfilter must write).
cv::Mat library_output(const sat::FilterSpec& spec, const cv::Mat& image) {
  cv::Mat expected(image.rows, image.cols, CV_16UC(sat::output_channels(spec, image.channels())));
  sat::FilterEngine engine(sat::Backend::Cpu, {image.cols, image.rows});
  engine.apply(
      spec, sat::ConstImage16{image.ptr<uint16_t>(), image.step[0], image.cols, image.rows, image.channels()},
      sat::Image16{expected.ptr<uint16_t>(), expected.step[0], expected.cols, expected.rows, expected.channels()});
  return expected;
}

TEST_F(SixteenBitTest, BoxKeepsSixteenBitsInEveryFormatThatHoldsThem) {
  for (const char* extension : {"png", "tif", "pgm"}) {
    SCOPED_TRACE(extension);
    const cv::Mat image = random_u16(61, 37, 1, 7u);
    const std::string input = in(std::string("deep.") + extension), output = out(std::string("o.") + extension);
    ASSERT_TRUE(cv::imwrite(input, image));
    const RunResult r = run_satfilter({input, output, "--filter", "box", "--ksize", "7x5", "--backend", "cpu"});
    ASSERT_EQ(r.status, 0) << r.err;
    const cv::Mat written = cv::imread(output, cv::IMREAD_UNCHANGED);
    ASSERT_EQ(written.type(), CV_16UC1);
    const cv::Mat expected = library_output(sat::BoxBlurParams{7, 5, sat::Border::Reflect101}, image);
    EXPECT_EQ(cv::norm(written, expected, cv::NORM_INF), 0);
    double high = 0;
    cv::minMaxLoc(written, nullptr, &high);
    EXPECT_GT(high, 255) << "the output kept 16-bit values";
  }
}

TEST_F(SixteenBitTest, ColourAndThresholdFiltersOnSixteenBits) {
  const cv::Mat colour = random_u16(45, 29, 3, 8u);
  ASSERT_TRUE(cv::imwrite(in("c.png"), colour));
  RunResult r = run_satfilter({in("c.png"), out("c_out.png"), "--filter", "box", "--ksize", "5x5", "--backend", "cpu"});
  ASSERT_EQ(r.status, 0) << r.err;
  cv::Mat written = cv::imread(out("c_out.png"), cv::IMREAD_UNCHANGED);
  ASSERT_EQ(written.type(), CV_16UC3);
  EXPECT_EQ(cv::norm(written, library_output(sat::BoxBlurParams{5, 5, sat::Border::Reflect101}, colour), cv::NORM_INF),
            0);

  const cv::Mat gray = random_u16(53, 31, 1, 9u);
  ASSERT_TRUE(cv::imwrite(in("g.tif"), gray));
  r = run_satfilter({in("g.tif"), out("g_out.tif"), "--filter", "sauvola", "--backend", "cpu"});
  ASSERT_EQ(r.status, 0) << r.err;
  written = cv::imread(out("g_out.tif"), cv::IMREAD_UNCHANGED);
  ASSERT_EQ(written.type(), CV_16UC1);
  for (int y = 0; y < written.rows; ++y)
    for (int x = 0; x < written.cols; ++x) {
      const uint16_t v = written.at<uint16_t>(y, x);
      ASSERT_TRUE(v == 0 || v == 65535) << "threshold output " << v << " at " << x << "," << y;
    }
}

TEST_F(SixteenBitTest, SequencesOfSixteenBitImages) {
  for (int i = 1; i <= 3; ++i)
    ASSERT_TRUE(cv::imwrite(in("s_" + std::to_string(i) + ".png"), random_u16(33, 21, 1, 10u + unsigned(i))));
  const RunResult r =
      run_satfilter({in("s_%d.png"), out("o_%d.png"), "--filter", "box", "--ksize", "3x3", "--backend", "cpu"});
  ASSERT_EQ(r.status, 0) << r.err;
  for (int i = 1; i <= 3; ++i) {
    const cv::Mat image = cv::imread(in("s_" + std::to_string(i) + ".png"), cv::IMREAD_UNCHANGED);
    const cv::Mat written = cv::imread(out("o_" + std::to_string(i) + ".png"), cv::IMREAD_UNCHANGED);
    ASSERT_EQ(written.type(), CV_16UC1) << i;
    EXPECT_EQ(cv::norm(written, library_output(sat::BoxBlurParams{3, 3, sat::Border::Reflect101}, image), cv::NORM_INF),
              0)
        << i;
  }
  // A sequence that changes type part-way is refused naming the file and both types.
  cv::Mat eight(21, 33, CV_8UC1, cv::Scalar(9));
  ASSERT_TRUE(cv::imwrite(in("m_1.png"), random_u16(33, 21, 1, 20u)));
  ASSERT_TRUE(cv::imwrite(in("m_2.png"), eight));
  const RunResult mixed =
      run_satfilter({in("m_%d.png"), out("mo_%d.png"), "--filter", "box", "--ksize", "3x3", "--backend", "cpu"});
  EXPECT_EQ(mixed.status, 1) << mixed.err;
  EXPECT_NE(mixed.err.find("m_2.png"), std::string::npos) << mixed.err;
  EXPECT_NE(mixed.err.find("8-bit"), std::string::npos) << mixed.err;
  EXPECT_NE(mixed.err.find("16-bit"), std::string::npos) << mixed.err;
  EXPECT_FALSE(file_exists(out("mo_1.png")));
}

TEST_F(SixteenBitTest, WhatCannotHoldOrTakeSixteenBitsIsRefused) {
  ASSERT_TRUE(cv::imwrite(in("d.png"), random_u16(40, 24, 1, 30u)));
  RunResult r = run_satfilter({in("d.png"), out("d.jpg"), "--filter", "box", "--backend", "cpu"});
  expect_clean_failure(r, out("d.jpg"));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("d.jpg"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("8-bit images only"), std::string::npos) << r.err;

  r = run_satfilter({in("d.png"), out("d.bmp"), "--filter", "box", "--backend", "cpu"});
  expect_clean_failure(r, out("d.bmp"));
  EXPECT_EQ(r.status, 1);

  if (!file_exists(kCascade)) GTEST_SKIP() << "no " << kCascade << " (Debian's opencv-data)";
  r = run_satfilter({in("d.png"), out("d_out.png"), "--detect", kCascade, "--draw", "--backend", "cpu"});
  expect_clean_failure(r, out("d_out.png"));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("--detect takes 8-bit images only"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace satfilter_test
