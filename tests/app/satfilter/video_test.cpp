// satfilter on videos, CPU backend: frame count, size and rate kept; lossless output exact.
#include <opencv2/imgproc.hpp>

#include "satfilter_test_support.h"

namespace satfilter_test {
namespace {

using VideoTest = SatfilterTest;

TEST_F(VideoTest, AviToAviKeepsFrameCountSizeAndRate) {
  const RunResult r = run_satfilter({in("clip.avi"), out("out.avi"), "--filter", "box", "--radius", "2", "--backend", "cpu"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "") << "no progress bar when stderr is not a terminal";
  double fps = 0;
  const std::vector<cv::Mat> frames = read_video(out("out.avi"), &fps);
  ASSERT_EQ(frames.size(), 12u);
  EXPECT_EQ(frames[0].size(), cv::Size(64, 48));
  EXPECT_DOUBLE_EQ(fps, 10.0);
  // MJPG is lossy: compare loosely with the blur of what satfilter decoded.
  const std::vector<cv::Mat> inputs = read_video(in("clip.avi"));
  cv::Mat expected;
  cv::blur(inputs[5], expected, cv::Size(5, 5));
  EXPECT_LT(cv::norm(frames[5], expected, cv::NORM_L1) / double(expected.total() * 3), 6.0);
}

TEST_F(VideoTest, LosslessMkvEqualsCvBlurOnEveryFrame) {
  if (!media.has_mkv()) GTEST_SKIP() << "no FFV1 encoder in this OpenCV";
  const RunResult r = run_satfilter({in("clip.mkv"), out("out.mkv"), "--filter", "box", "--ksize", "5x3", "--backend", "cpu"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<cv::Mat> inputs = read_video(in("clip.mkv"));
  const std::vector<cv::Mat> outputs = read_video(out("out.mkv"));
  ASSERT_EQ(inputs.size(), 8u);
  ASSERT_EQ(outputs.size(), inputs.size());
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    cv::Mat expected;
    cv::blur(inputs[i], expected, cv::Size(5, 3));
    EXPECT_EQ(cv::norm(outputs[i], expected, cv::NORM_INF), 0.0) << "frame " << i;
  }
}

TEST_F(VideoTest, ThresholdVideoIsWrittenAsGrayLookingColor) {
  if (!media.has_mkv()) GTEST_SKIP() << "no FFV1 encoder in this OpenCV";
  const RunResult r = run_satfilter({in("clip.mkv"), out("out.mkv"), "--filter", "threshold", "--block", "7", "--backend", "cpu"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<cv::Mat> inputs = read_video(in("clip.mkv"));
  const std::vector<cv::Mat> outputs = read_video(out("out.mkv"));
  ASSERT_EQ(outputs.size(), inputs.size());
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    cv::Mat gray, expected, expected_bgr;
    cv::cvtColor(inputs[i], gray, cv::COLOR_BGR2GRAY);
    cv::adaptiveThreshold(gray, expected, 255, cv::ADAPTIVE_THRESH_MEAN_C, cv::THRESH_BINARY, 7, 2);
    cv::cvtColor(expected, expected_bgr, cv::COLOR_GRAY2BGR);
    EXPECT_EQ(cv::norm(outputs[i], expected_bgr, cv::NORM_INF), 0.0) << "frame " << i;
  }
}

TEST_F(VideoTest, Mp4OutputHasTheRightFrameCount) {
  const RunResult r = run_satfilter({in("clip.avi"), out("out.mp4"), "--filter", "bradley", "--backend", "cpu"});
  ASSERT_EQ(r.status, 0) << r.err;
  double fps = 0;
  const std::vector<cv::Mat> frames = read_video(out("out.mp4"), &fps);
  EXPECT_EQ(frames.size(), 12u);
  EXPECT_NEAR(fps, 10.0, 1e-6);
  ASSERT_FALSE(frames.empty());
  EXPECT_EQ(frames[0].size(), cv::Size(64, 48));
}

TEST_F(VideoTest, ProgressAndReportWhenAsked) {
  const RunResult r = run_satfilter(
      {in("clip.avi"), out("out.avi"), "--filter", "sauvola", "--backend", "cpu", "--progress", "--report"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("12/12 frames"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("fps"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("12 frames"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("frames/s"), std::string::npos) << r.out;
}

TEST_F(VideoTest, FourccOverride) {
  const RunResult r =
      run_satfilter({in("clip.avi"), out("out.avi"), "--filter", "box", "--fourcc", "XVID", "--backend", "cpu"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(read_video(out("out.avi")).size(), 12u);
}

}  // namespace
}  // namespace satfilter_test
