// satfilter on videos, CPU backend: frame count, size and rate kept; lossless output exact.
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>

#include <filesystem>

#include "satfilter_test_support.h"

namespace satfilter_test {
namespace {

using VideoTest = SatfilterTest;

TEST_F(VideoTest, AviToAviKeepsFrameCountSizeAndRate) {
  const RunResult r =
      run_satfilter({in("clip.avi"), out("out.avi"), "--filter", "box", "--radius", "2", "--backend", "cpu"});
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
  const RunResult r =
      run_satfilter({in("clip.mkv"), out("out.mkv"), "--filter", "box", "--ksize", "5x3", "--backend", "cpu"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<cv::Mat> inputs = read_video(in("clip.mkv"));
  ASSERT_EQ(inputs.size(), 8u);
  expect_frames_equal(out("out.mkv"), inputs, [](const cv::Mat& f) { return box_blurred(f, {5, 3}); });
}

TEST_F(VideoTest, ThresholdVideoIsWrittenAsGrayLookingColor) {
  if (!media.has_mkv()) GTEST_SKIP() << "no FFV1 encoder in this OpenCV";
  const RunResult r =
      run_satfilter({in("clip.mkv"), out("out.mkv"), "--filter", "threshold", "--block", "7", "--backend", "cpu"});
  ASSERT_EQ(r.status, 0) << r.err;
  expect_frames_equal(out("out.mkv"), read_video(in("clip.mkv")),
                      [](const cv::Mat& f) { return threshold_as_bgr(f, 7, 2); });
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

// The codec of a video file, as FFmpeg's tag ("avc1", "mp4v").
std::string fourcc_of(const std::string& path) {
  cv::VideoCapture capture(path, cv::CAP_FFMPEG);
  const int code = static_cast<int>(capture.get(cv::CAP_PROP_FOURCC));
  return {char(code & 0xff), char((code >> 8) & 0xff), char((code >> 16) & 0xff), char((code >> 24) & 0xff)};
}

// Whether this OpenCV's FFmpeg has an H.264 encoder for MP4.
bool can_write_h264(const std::string& path) {
  cv::VideoWriter writer;
  const bool opened =
      writer.open(path, cv::CAP_FFMPEG, cv::VideoWriter::fourcc('a', 'v', 'c', '1'), 10, cv::Size(64, 48), true);
  writer.release();
  std::filesystem::remove(path);
  return opened;
}

// .mp4 is H.264 by default where FFmpeg has an encoder for it; else MPEG-4 Part 2 (mp4v), with a
// note that says so.
TEST_F(VideoTest, Mp4IsH264WhereAnEncoderExists) {
  const bool h264 = can_write_h264(out("probe.mp4"));
  const RunResult r = run_satfilter({in("clip.avi"), out("out.mp4"), "--filter", "box", "--backend", "cpu"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(read_video(out("out.mp4")).size(), 12u);
  if (h264) {
    EXPECT_EQ(fourcc_of(out("out.mp4")), "avc1");
    EXPECT_EQ(r.err, "");
  } else {
    EXPECT_EQ(fourcc_of(out("out.mp4")), "mp4v");
    EXPECT_NE(r.err.find("note: '" + out("out.mp4") + "': no avc1 encoder"), std::string::npos) << r.err;
  }
  // --fourcc still chooses.
  const RunResult mp4v =
      run_satfilter({in("clip.avi"), out("mp4v.mp4"), "--filter", "box", "--backend", "cpu", "--fourcc", "mp4v"});
  ASSERT_EQ(mp4v.status, 0) << mp4v.err;
  EXPECT_EQ(fourcc_of(out("mp4v.mp4")), "mp4v");
}

// frame_000.png .. frame_003.png, 64x48.
void write_sequence(const MediaDir& media) {
  for (int i = 0; i < 4; ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "frame_%03d.png", i);
    ASSERT_TRUE(cv::imwrite(media.path(name), cv::Mat(48, 64, CV_8UC3, cv::Scalar(40 * i, 20, 200))));
  }
}

TEST_F(VideoTest, ImageSequenceIsWrittenAtFpsOr25) {
  write_sequence(media);
  const RunResult given =
      run_satfilter({in("frame_%03d.png"), out("given.avi"), "--fps", "12.5", "--filter", "box", "--backend", "cpu"});
  ASSERT_EQ(given.status, 0) << given.err;
  EXPECT_EQ(given.err, "") << "no note: the rate was given";
  double fps = 0;
  EXPECT_EQ(read_video(out("given.avi"), &fps).size(), 4u);
  EXPECT_DOUBLE_EQ(fps, 12.5);

  const RunResult default_rate =
      run_satfilter({in("frame_%03d.png"), out("default.avi"), "--filter", "box", "--backend", "cpu"});
  ASSERT_EQ(default_rate.status, 0) << default_rate.err;
  EXPECT_NE(default_rate.err.find("writing 25 fps (--fps sets another)"), std::string::npos) << default_rate.err;
  EXPECT_EQ(read_video(out("default.avi"), &fps).size(), 4u);
  EXPECT_DOUBLE_EQ(fps, 25.0);
}

TEST_F(VideoTest, FpsOutOfRangeIsACommandLineError) {
  for (const char* rate : {"0", "-5", "nan", "fast", "1001"}) {
    const RunResult r = run_satfilter({in("clip.avi"), out("out.avi"), "--fps", rate, "--filter", "box"});
    expect_clean_failure(r, out("out.avi"));
    EXPECT_EQ(r.status, 2) << rate;
    EXPECT_NE(r.err.find("--fps"), std::string::npos) << r.err;
  }
}

}  // namespace
}  // namespace satfilter_test
