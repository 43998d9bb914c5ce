// Videos of odd width or height (33x17, 1x1, 9x1), read by each decoder and written in each
// container: the output reads back at exactly the input's size, or the run is refused with exit
// status 2 naming the size and the codec's constraint, leaving nothing behind. (OpenCV's FFmpeg
// writer, which satfilter used for every video, wrote 33x17 as 32x16 and exited 0.)
#include <cstdio>
#include <cstdlib>
#include <opencv2/imgcodecs.hpp>
#include <tuple>

#include "satfilter_test_support.h"

namespace satfilter_test {
namespace {

constexpr int kFrames = 4;

// A gradient per frame (4:2:0 codecs keep it within a few codes), changing from frame to frame.
cv::Mat gradient_frame(cv::Size size, int index) {
  cv::Mat frame(size, CV_8UC3);
  for (int y = 0; y < size.height; ++y)
    for (int x = 0; x < size.width; ++x)
      frame.at<cv::Vec3b>(y, x) = cv::Vec3b(static_cast<uchar>(40 + 150 * x / std::max(size.width - 1, 1)),
                                            static_cast<uchar>(60 + 120 * y / std::max(size.height - 1, 1)),
                                            static_cast<uchar>(50 + 30 * index));
  return frame;
}

double mean_difference(const cv::Mat& a, const cv::Mat& b) {
  cv::Mat diff;
  cv::absdiff(a, b, diff);
  const cv::Scalar mean = cv::mean(diff);
  return (mean[0] + mean[1] + mean[2]) / 3;
}

bool gst_element(const char* name) {
  return std::system((std::string("gst-inspect-1.0 ") + name + " >/dev/null 2>&1").c_str()) == 0;
}

class OddSizeTest : public SatfilterTest, public ::testing::WithParamInterface<std::tuple<const char*, cv::Size>> {
 protected:
  const char* decoder() const { return std::get<0>(GetParam()); }
  cv::Size size() const { return std::get<1>(GetParam()); }
  std::string size_text() const { return std::to_string(size().width) + "x" + std::to_string(size().height); }

  // The input: an FFV1 .mkv that satfilter writes from a PNG sequence (lossless: it must read back
  // as those very frames, at their size).
  void SetUp() override {
    if (std::string(decoder()) == "gst" && !gst_element("avdec_ffv1"))
      GTEST_SKIP() << "GStreamer's avdec_ffv1 (gstreamer1.0-libav) not found";
    for (int i = 0; i < kFrames; ++i) {
      frames_.push_back(gradient_frame(size(), i));
      char name[32];
      std::snprintf(name, sizeof name, "src_%02d.png", i + 1);
      ASSERT_TRUE(cv::imwrite(in(name), frames_.back()));
    }
    const RunResult r = run_satfilter(
        {in("src_%02d.png"), in("odd.mkv"), "--filter", "box", "--ksize", "1x1", "--backend", "cpu", "--fps", "10"});
    ASSERT_EQ(r.status, 0) << r.err;
    const std::vector<cv::Mat> stored = read_video(in("odd.mkv"));
    ASSERT_EQ(stored.size(), frames_.size());
    for (std::size_t i = 0; i < stored.size(); ++i) {
      ASSERT_EQ(stored[i].size(), size()) << "frame " << i;
      ASSERT_EQ(cv::norm(stored[i], frames_[i], cv::NORM_INF), 0) << "FFV1 is lossless; frame " << i;
    }
  }

  RunResult filter(const std::string& output, std::vector<std::string> extra = {}) const {
    std::vector<std::string> args = {in("odd.mkv"), output, "--decoder", decoder(), "--filter", "box",
                                     "--ksize",     "1x1",  "--backend", "cpu",     "-q"};
    args.insert(args.end(), extra.begin(), extra.end());
    return run_satfilter(args);
  }

  std::vector<cv::Mat> frames_;
};

TEST_P(OddSizeTest, ContainersThatKeepAnySizeStoreItExactly) {
  struct Output {
    const char* name;
    std::vector<std::string> extra;
    double mean_bound;  // lossy codecs: the mean difference from the input's frames
  };
  // VP9 at OpenCV's bit rate (2 bits a pixel a second) has next to nothing for a 9x1 frame.
  const std::vector<Output> outputs = {
      {"out.mkv", {}, 0}, {"out.avi", {}, 6}, {"out.webm", {}, 20}, {"mp4v.mp4", {"--fourcc", "mp4v"}, 6}};
  for (const Output& o : outputs) {
    SCOPED_TRACE(o.name);
    const RunResult r = filter(out(o.name), o.extra);
    ASSERT_EQ(r.status, 0) << r.err;
    const std::vector<cv::Mat> written = read_video(out(o.name));
    ASSERT_EQ(written.size(), frames_.size());
    for (std::size_t i = 0; i < written.size(); ++i) {
      ASSERT_EQ(written[i].size(), size()) << "frame " << i;
      if (o.mean_bound == 0)
        EXPECT_EQ(cv::norm(written[i], frames_[i], cv::NORM_INF), 0) << "frame " << i;
      else
        EXPECT_LE(mean_difference(written[i], frames_[i]), o.mean_bound) << "frame " << i;
    }
  }
}

// MJPG is 4:2:0 (chroma of ceil(w/2) x ceil(h/2)): read back by the decoder under test, the odd
// frames have their size and the bytes OpenCV's decoder gives.
TEST_P(OddSizeTest, OddFourTwoZeroFramesDecodeAtTheirSize) {
  ASSERT_EQ(filter(out("mjpg.avi")).status, 0);
  const RunResult r = run_satfilter({in("mjpg.avi"), out("back_%02d.png"), "--decoder", decoder(), "--filter", "box",
                                     "--ksize", "1x1", "--backend", "cpu"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<cv::Mat> reference = read_video(in("mjpg.avi"));
  ASSERT_EQ(reference.size(), frames_.size());
  for (std::size_t i = 0; i < reference.size(); ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "back_%02zu.png", i + 1);
    const cv::Mat back = cv::imread(out(name), cv::IMREAD_UNCHANGED);
    ASSERT_EQ(back.size(), size()) << name;
    EXPECT_EQ(cv::norm(back, reference[i], cv::NORM_INF), 0) << name;
  }
}

TEST_P(OddSizeTest, CodecsThatNeedEvenSidesAreRefusedWithNothingWritten) {
  struct Refused {
    const char* name;
    std::vector<std::string> extra;
    const char* constraint;
  };
  const std::vector<Refused> refused = {
      {"out.mp4", {}, "H.264 (avc1) in .mp4 needs an even width and height"},
      {"out.m4v", {}, "H.264 (avc1) in .m4v needs an even width and height"},
      {"out.mov", {}, "H.264 (avc1) in .mov needs an even width and height"},
      {"huffyuv.avi", {"--fourcc", "HFYU"}, "needs an even width and height"},
      {"quality.avi", {"--quality", "80"}, "--quality writes MJPG with OpenCV's own JPEG encoder"},
  };
  for (const Refused& o : refused) {
    SCOPED_TRACE(o.name);
    const RunResult r = filter(out(o.name), o.extra);
    EXPECT_EQ(r.status, 2) << r.err;
    expect_clean_failure(r, out(o.name));
    EXPECT_NE(r.err.find(o.constraint), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(size_text() + " is odd: write .mkv (FFV1) or .avi (MJPG), which keep any size"),
              std::string::npos)
        << r.err;
  }
}

const char* const kDecoders[] = {
    "opencv",
#if SATFILTER_TEST_GST
    "gst",
#endif
};

INSTANTIATE_TEST_SUITE_P(Sizes, OddSizeTest,
                         ::testing::Combine(::testing::ValuesIn(kDecoders),
                                            ::testing::Values(cv::Size(33, 17), cv::Size(1, 1), cv::Size(9, 1))),
                         [](const auto& test) {
                           return std::string(std::get<0>(test.param)) + "_" +
                                  std::to_string(std::get<1>(test.param).width) + "x" +
                                  std::to_string(std::get<1>(test.param).height);
                         });

}  // namespace
}  // namespace satfilter_test
