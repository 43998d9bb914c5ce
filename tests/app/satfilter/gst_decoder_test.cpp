// satfilter --decoder gst (GStreamer's uridecodebin), CPU backend: the frames of a video that
// GStreamer wrote (videotestsrc's deterministic ball pattern, raw BGR in AVI: no lossy codec) are
// filtered to the bytes of cv::blur of the same frames, and to the bytes of the OpenCV decoder's
// run; the report names the decoder that ran; a file GStreamer cannot decode fails cleanly.
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>

#include "satfilter_test_support.h"

namespace satfilter_test {
namespace {

constexpr int kWidth = 64, kHeight = 48, kFrames = 6;

class GstDecoderTest : public SatfilterTest {
 protected:
  void SetUp() override {
    if (std::system("gst-launch-1.0 --version >/dev/null 2>&1") != 0) GTEST_SKIP() << "gst-launch-1.0 not found";
    const std::string frames = "videotestsrc num-buffers=" + std::to_string(kFrames) +
                               " pattern=ball ! video/x-raw,format=BGR,width=" + std::to_string(kWidth) +
                               ",height=" + std::to_string(kHeight) + ",framerate=10/1";
    ASSERT_EQ(std::system(("gst-launch-1.0 -q " + frames + " ! avimux ! filesink location=" + in("gst.avi")).c_str()), 0);
    ASSERT_EQ(std::system(("gst-launch-1.0 -q " + frames + " ! filesink location=" + in("gst.bgr")).c_str()), 0);
  }

  // The frames GStreamer wrote, as the raw file holds them.
  std::vector<cv::Mat> raw_frames() const {
    std::ifstream file(in("gst.bgr"), std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    const std::size_t frame_bytes = std::size_t(kWidth) * kHeight * 3;
    std::vector<cv::Mat> frames;
    for (std::size_t at = 0; at + frame_bytes <= bytes.size(); at += frame_bytes)
      frames.push_back(cv::Mat(kHeight, kWidth, CV_8UC3, const_cast<char*>(bytes.data() + at)).clone());
    return frames;
  }

  std::vector<cv::Mat> outputs(const std::string& prefix) const {
    std::vector<cv::Mat> frames;
    for (int i = 1; i <= kFrames + 1; ++i) {
      char name[64];
      std::snprintf(name, sizeof name, "%s_%02d.png", prefix.c_str(), i);
      if (!file_exists(out(name))) break;
      frames.push_back(cv::imread(out(name), cv::IMREAD_UNCHANGED));
    }
    return frames;
  }
};

TEST_F(GstDecoderTest, FramesFilteredAsCvBlurOfTheFramesGStreamerWrote) {
  const RunResult r = run_satfilter({in("gst.avi"), out("gst_%02d.png"), "--decoder", "gst", "--filter", "box", "--ksize",
                                     "5x3", "--backend", "cpu", "--report"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("decoder    GStreamer ("), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("decoded by GStreamer"), std::string::npos) << r.err;
  const std::vector<cv::Mat> raw = raw_frames();
  const std::vector<cv::Mat> filtered = outputs("gst");
  ASSERT_EQ(raw.size(), std::size_t(kFrames));
  ASSERT_EQ(filtered.size(), raw.size());
  for (std::size_t i = 0; i < raw.size(); ++i) {
    cv::Mat expected;
    cv::blur(raw[i], expected, cv::Size(5, 3));
    EXPECT_EQ(cv::norm(filtered[i], expected, cv::NORM_INF), 0.0) << "frame " << i;
  }
}

TEST_F(GstDecoderTest, SameOutputBytesAsTheOpenCvDecoder) {
  const RunResult gst = run_satfilter({in("gst.avi"), out("gst_%02d.png"), "--decoder", "gst", "--filter", "box",
                                       "--ksize", "5x3", "--backend", "cpu"});
  ASSERT_EQ(gst.status, 0) << gst.err;
  const RunResult opencv = run_satfilter({in("gst.avi"), out("cv_%02d.png"), "--decoder", "opencv", "--filter", "box",
                                          "--ksize", "5x3", "--backend", "cpu", "--report"});
  ASSERT_EQ(opencv.status, 0) << opencv.err;
  EXPECT_NE(opencv.out.find("decoder    OpenCV (FFmpeg)"), std::string::npos) << opencv.out;
  const std::vector<cv::Mat> a = outputs("gst"), b = outputs("cv");
  ASSERT_EQ(a.size(), std::size_t(kFrames));
  ASSERT_EQ(b.size(), a.size());
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(cv::norm(a[i], b[i], cv::NORM_INF), 0.0) << "frame " << i;
}

TEST_F(GstDecoderTest, UndecodableFileFailsCleanlyNamingGStreamer) {
  {
    std::ofstream text(in("text.mp4"));
    text << "not a video at all\n";
  }
  const RunResult r = run_satfilter({in("text.mp4"), out("out.avi"), "--decoder", "gst", "--filter", "box", "--backend", "cpu"});
  expect_clean_failure(r, out("out.avi"));
  EXPECT_NE(r.err.find("through GStreamer"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("text.mp4"), std::string::npos) << r.err;
}

TEST_F(GstDecoderTest, BadDecoderNameIsAUsageError) {
  const RunResult r = run_satfilter({in("gst.avi"), out("out.avi"), "--decoder", "ffmpeg", "--filter", "box"});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("--decoder must be auto, gst or opencv"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace satfilter_test
