// satfilter --decoder gst (GStreamer's uridecodebin), CPU backend: the frames of a video that
// GStreamer wrote (videotestsrc's deterministic ball pattern, raw BGR in AVI: no lossy codec) are
// filtered to the bytes of cv::blur of the same frames, and to the bytes of the OpenCV decoder's
// run; encoded videos (H.264 in 8 and 10 bits, 4:2:0 to 4:4:4, MJPG, VP9) and a format satfilter
// repacks through videoconvert (v210) give the bytes of the OpenCV decoder's frames; the report
// names the decoder that ran; a file GStreamer cannot decode fails cleanly.
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
    ASSERT_EQ(std::system(("gst-launch-1.0 -q " + frames + " ! avimux ! filesink location=" + in("gst.avi")).c_str()),
              0);
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
  const RunResult r = run_satfilter({in("gst.avi"), out("gst_%02d.png"), "--decoder", "gst", "--filter", "box",
                                     "--ksize", "5x3", "--backend", "cpu", "--report"});
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

bool gst_element(const std::string& name) {
  return std::system(("gst-inspect-1.0 " + name + " >/dev/null 2>&1").c_str()) == 0;
}

// The frames `decoder` gives for `input`, as satfilter writes them (an identity filter) into
// PREFIX_001.png, PREFIX_002.png...
std::vector<cv::Mat> decoded_frames(const std::string& input, const std::string& decoder, const std::string& prefix) {
  const RunResult r = run_satfilter({input, prefix + "_%03d.png", "--decoder", decoder, "--filter", "box", "--ksize",
                                     "1x1", "--backend", "cpu", "-q"});
  EXPECT_EQ(r.status, 0) << decoder << ": " << r.err;
  std::vector<cv::Mat> frames;
  for (int i = 1;; ++i) {
    char name[16];
    std::snprintf(name, sizeof name, "_%03d.png", i);
    if (!file_exists(prefix + name)) break;
    frames.push_back(cv::imread(prefix + name, cv::IMREAD_UNCHANGED));
  }
  return frames;
}

// A video GStreamer encodes from videotestsrc's SMPTE bars (saturated colours, sharp edges: where
// conversions part first).
struct Encoded {
  const char* name;
  const char* file;
  const char* caps;     // the raw frames: format and size
  const char* encoder;  // and muxer
  const char* decoder;  // the element that must decode it for the bytes to agree (skipped without)
};

void PrintTo(const Encoded& encoded, std::ostream* os) { *os << encoded.name; }

class GstEncodedTest : public SatfilterTest, public ::testing::WithParamInterface<Encoded> {
 protected:
  void SetUp() override {
    if (std::system("gst-launch-1.0 --version >/dev/null 2>&1") != 0) GTEST_SKIP() << "gst-launch-1.0 not found";
    if (!gst_element(GetParam().decoder)) GTEST_SKIP() << GetParam().decoder << " not found";
    const std::string pipeline =
        std::string("gst-launch-1.0 -q videotestsrc num-buffers=4 pattern=smpte ! video/x-raw,") + GetParam().caps +
        ",framerate=10/1 ! " + GetParam().encoder + " ! filesink location=" + in(GetParam().file) + " >/dev/null 2>&1";
    if (std::system(pipeline.c_str()) != 0) GTEST_SKIP() << "GStreamer cannot encode " << GetParam().caps;
  }
};

// OpenCV converts FFmpeg's frames with swscale; satfilter converts GStreamer's the same way, so the
// two decoders agree to the byte wherever they decode to the same planes.
TEST_P(GstEncodedTest, SameFramesAsTheOpenCvDecoder) {
  const std::vector<cv::Mat> gst = decoded_frames(in(GetParam().file), "gst", out("gst"));
  const std::vector<cv::Mat> opencv = decoded_frames(in(GetParam().file), "opencv", out("cv"));
  ASSERT_EQ(opencv.size(), 4u);
  ASSERT_EQ(gst.size(), opencv.size());
  for (std::size_t i = 0; i < gst.size(); ++i) {
    ASSERT_EQ(gst[i].size(), opencv[i].size()) << "frame " << i;
    EXPECT_EQ(cv::norm(gst[i], opencv[i], cv::NORM_INF), 0) << "frame " << i;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Formats, GstEncodedTest,
    ::testing::Values(Encoded{"H264_420_8bit", "h264.mp4", "format=I420,width=96,height=64", "x264enc ! mp4mux",
                              "avdec_h264"},
                      // 720 lines: GStreamer's caps default to BT.709, OpenCV converts with BT.601.
                      Encoded{"H264_720p", "h264_720p.mp4", "format=I420,width=1280,height=720",
                              "x264enc speed-preset=ultrafast ! mp4mux", "avdec_h264"},
                      Encoded{"H264_422_10bit", "h264_422_10.mp4", "format=I422_10LE,width=64,height=48",
                              "x264enc ! mp4mux", "avdec_h264"},
                      // H.264 High 4:4:4 in 10 bits, which the reader refused before ("not-negotiated").
                      Encoded{"H264_High444_10bit", "h264_444_10.mp4", "format=Y444_10LE,width=64,height=48",
                              "x264enc ! mp4mux", "avdec_h264"},
                      Encoded{"H264_High444_10bit_33x17", "h264_444_10_odd.mp4", "format=Y444_10LE,width=33,height=17",
                              "x264enc ! mp4mux", "avdec_h264"},
                      Encoded{"Mjpeg", "jpeg.avi", "format=I420,width=64,height=48", "jpegenc ! avimux", "avdec_mjpeg"},
                      Encoded{"Vp9", "vp9.webm", "format=I420,width=64,height=48", "vp9enc ! webmmux", "vp9dec"}),
    [](const auto& test) { return std::string(test.param.name); });

// v210 (10-bit 4:2:2, packed) has no FFmpeg pixel format and was refused: videoconvert, which
// satfilter puts in its pipeline for such formats, repacks it into 4:2:2 planes of 10 bits
// without resampling its chroma, which OpenCV's FFmpeg decodes it to too.
TEST_F(GstDecoderTest, FormatsRepackedByVideoconvertGiveTheOpenCvDecodersFrames) {
  const std::string file = in("v210.avi");
  ASSERT_EQ(std::system(("gst-launch-1.0 -q videotestsrc num-buffers=4 pattern=smpte ! "
                         "video/x-raw,format=v210,width=64,height=48,framerate=10/1 ! avimux ! filesink location=" +
                         file)
                            .c_str()),
            0);
  const std::vector<cv::Mat> gst = decoded_frames(file, "gst", out("gst"));
  const std::vector<cv::Mat> opencv = decoded_frames(file, "opencv", out("cv"));
  ASSERT_EQ(opencv.size(), 4u);
  ASSERT_EQ(gst.size(), opencv.size());
  for (std::size_t i = 0; i < gst.size(); ++i) {
    ASSERT_EQ(gst[i].size(), opencv[i].size()) << "frame " << i;
    EXPECT_EQ(cv::norm(gst[i], opencv[i], cv::NORM_INF), 0) << "frame " << i;
  }
}

TEST_F(GstDecoderTest, UndecodableFileFailsCleanlyNamingGStreamer) {
  {
    std::ofstream text(in("text.mp4"));
    text << "not a video at all\n";
  }
  const RunResult r =
      run_satfilter({in("text.mp4"), out("out.avi"), "--decoder", "gst", "--filter", "box", "--backend", "cpu"});
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
