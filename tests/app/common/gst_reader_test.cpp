// The GStreamer reader (app/common/gst) on videotestsrc, whose patterns are deterministic: frames,
// their conversion to BGR against the same frames in BGR, the end of the stream, rewinding, and
// the errors (a pipeline that does not parse, link or give a frame, an error mid-stream, a stall).
#include <gtest/gtest.h>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <string>
#include <vector>

#include <gst/gst.h>

#include "common/frame/frame_to_bgr.h"
#include "common/gst/gst_reader.h"

namespace {

using satapp::gst::Error;
using satapp::gst::Reader;
using satapp::gst::ReaderOptions;

// An odd size: rows padded to 4 bytes in GStreamer's buffers, chroma of odd width.
std::string test_source(const std::string& format, int frames, const std::string& extra = "") {
  return "videotestsrc num-buffers=" + std::to_string(frames) + " pattern=ball ! video/x-raw,format=" + format +
         ",width=75,height=41" + extra;
}

std::vector<cv::Mat> read_all(const std::string& description, ReaderOptions options = {}) {
  Reader reader(description, options);
  std::vector<cv::Mat> frames;
  while (std::shared_ptr<const satapp::gst::Frame> frame = reader.next()) {
    EXPECT_FALSE(frame->view().on_device);
    cv::Mat bgr;
    satapp::to_bgr_cpu(frame->view(), bgr);
    frames.push_back(bgr);
  }
  EXPECT_TRUE(reader.ended());
  return frames;
}

std::string error_of(const std::string& description, double timeout_s = 5) {
  ReaderOptions options;
  options.timeout_s = timeout_s;
  try {
    Reader reader(description, options);
    while (reader.next()) {
    }
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

int max_difference(const cv::Mat& a, const cv::Mat& b) {
  double most = 0;
  cv::minMaxLoc(cv::abs(a - b) + cv::abs(b - a), nullptr, &most);
  return static_cast<int>(most);
}

TEST(GstReader, FramesUntilTheEndOfStream) {
  const std::vector<cv::Mat> frames = read_all(test_source("BGR", 4));
  ASSERT_EQ(frames.size(), 4u);
  EXPECT_EQ(frames[0].size(), cv::Size(75, 41));
  EXPECT_GT(cv::norm(frames[0], frames[3], cv::NORM_L1), 0) << "the ball moves: frames differ";
}

TEST(GstReader, PackedFormatsGiveTheBgrFrameBytes) {
  const std::vector<cv::Mat> bgr = read_all(test_source("BGR", 3));
  for (const char* format : {"BGRx", "BGRA", "RGBx", "RGBA"}) {
    const std::vector<cv::Mat> other = read_all(test_source(format, 3));
    ASSERT_EQ(other.size(), bgr.size()) << format;
    for (std::size_t i = 0; i < bgr.size(); ++i)
      EXPECT_EQ(cv::norm(other[i], bgr[i], cv::NORM_INF), 0) << format << " frame " << i;
  }
}

TEST(GstReader, Nv12AndI420GiveTheSameBgrAsOpenCvsBt601) {
  const std::string bt601 = ",colorimetry=bt601";
  const std::vector<cv::Mat> nv12 = read_all(test_source("NV12", 2, bt601));
  const std::vector<cv::Mat> i420 = read_all(test_source("I420", 2, bt601));
  ASSERT_EQ(nv12.size(), 2u);
  ASSERT_EQ(i420.size(), 2u);
  for (int i = 0; i < 2; ++i) EXPECT_EQ(cv::norm(nv12[i], i420[i], cv::NORM_INF), 0) << "frame " << i;
  // OpenCV's BT.601 video-range conversion of the same I420 bytes (even size: OpenCV needs one).
  Reader reader("videotestsrc num-buffers=1 pattern=ball ! video/x-raw,format=I420,width=76,height=42" + bt601, {});
  const std::shared_ptr<const satapp::gst::Frame> frame = reader.next();
  ASSERT_TRUE(frame);
  const satapp::FrameView& v = frame->view();
  cv::Mat packed(v.height * 3 / 2, v.width, CV_8UC1);
  for (int y = 0; y < v.height; ++y) std::memcpy(packed.ptr(y), v.plane[0] + y * v.pitch[0], v.width);
  uint8_t* chroma = packed.ptr(v.height);
  for (int p = 1; p < 3; ++p)
    for (int y = 0; y < v.height / 2; ++y, chroma += v.width / 2)
      std::memcpy(chroma, v.plane[p] + y * v.pitch[p], v.width / 2);
  cv::Mat opencv, ours;
  cv::cvtColor(packed, opencv, cv::COLOR_YUV2BGR_I420);
  satapp::to_bgr_cpu(v, ours);
  EXPECT_LE(max_difference(opencv, ours), 2) << "BT.601 as OpenCV converts it, up to rounding";
}

// A video file of `frames` frames of the test pattern (raw BGR in AVI: decoded without a codec),
// made by GStreamer itself.
std::string write_test_file(const std::string& name, int frames) {
  const std::string path = ::testing::TempDir() + name;
  const std::string description =
      "videotestsrc num-buffers=" + std::to_string(frames) +
      " pattern=ball ! video/x-raw,format=BGR,width=76,height=42 ! avimux ! filesink location=" + path;
  GstElement* pipeline = gst_parse_launch(description.c_str(), nullptr);
  EXPECT_TRUE(pipeline);
  if (!pipeline) return path;
  gst_element_set_state(pipeline, GST_STATE_PLAYING);
  GstBus* bus = gst_element_get_bus(pipeline);
  GstMessage* done = gst_bus_timed_pop_filtered(bus, 10 * GST_SECOND,
                                                static_cast<GstMessageType>(GST_MESSAGE_EOS | GST_MESSAGE_ERROR));
  EXPECT_TRUE(done && GST_MESSAGE_TYPE(done) == GST_MESSAGE_EOS) << "writing " << path;
  if (done) gst_message_unref(done);
  gst_object_unref(bus);
  gst_element_set_state(pipeline, GST_STATE_NULL);
  gst_object_unref(pipeline);
  return path;
}

TEST(GstReader, FileThroughUridecodebin) {
  satapp::gst::initialize();
  const std::string path = write_test_file("gst_reader_file.avi", 3);
  const std::vector<cv::Mat> from_file = read_all(satapp::gst::file_pipeline(path));
  const std::vector<cv::Mat> direct =
      read_all("videotestsrc num-buffers=3 pattern=ball ! video/x-raw,format=BGR,width=76,height=42");
  ASSERT_EQ(from_file.size(), 3u);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(cv::norm(from_file[i], direct[i], cv::NORM_INF), 0) << "frame " << i;
}

TEST(GstReader, RewindPlaysAFileFromTheStart) {
  satapp::gst::initialize();
  Reader reader(satapp::gst::file_pipeline(write_test_file("gst_reader_rewind.avi", 3)), {});
  cv::Mat first, again;
  satapp::to_bgr_cpu(reader.next()->view(), first);
  while (reader.next()) {
  }
  ASSERT_TRUE(reader.ended());
  reader.rewind();
  const std::shared_ptr<const satapp::gst::Frame> frame = reader.next();
  ASSERT_TRUE(frame);
  satapp::to_bgr_cpu(frame->view(), again);
  EXPECT_EQ(cv::norm(first, again, cv::NORM_INF), 0);
}

TEST(GstReader, FrameRateFromTheCaps) {
  Reader reader(test_source("BGR", 2, ",framerate=25/1"), {});
  EXPECT_DOUBLE_EQ(reader.fps(), 25.0);
}

TEST(GstReader, UnknownElementNamesThePipelineAndTheError) {
  const std::string error = error_of("videotestsrc ! nosuchelement");
  EXPECT_NE(error.find("\"videotestsrc ! nosuchelement\""), std::string::npos) << error;
  EXPECT_NE(error.find("does not parse"), std::string::npos) << error;
  EXPECT_NE(error.find("nosuchelement"), std::string::npos) << error;
}

TEST(GstReader, FormatTheAppsinkCannotTakeFailsToLink) {
  const std::string error = error_of("videotestsrc ! video/x-raw,format=YUY2");
  EXPECT_NE(error.find("videotestsrc ! video/x-raw,format=YUY2"), std::string::npos) << error;
  EXPECT_FALSE(error.empty());
}

// A reader that converts frames itself (satfilter) gives its own caps: it gets every format they
// name, with its planes as GStreamer laid them out, and an empty view for formats outside
// frame_view.h.
TEST(GstReader, OwnCapsDeliverTheirFormatsAsRawPlanes) {
  ReaderOptions options;
  options.system_caps = "video/x-raw, format=(string){ Y444_10LE, I420 }";
  Reader reader(test_source("Y444_10LE", 1), options);
  const std::shared_ptr<const satapp::gst::Frame> frame = reader.next();
  ASSERT_TRUE(frame);
  const satapp::gst::RawFrame& raw = frame->raw();
  EXPECT_EQ(raw.format, "Y444_10LE");
  EXPECT_EQ(raw.width, 75);
  EXPECT_EQ(raw.height, 41);
  ASSERT_EQ(raw.planes, 3);
  for (int p = 0; p < 3; ++p) {
    EXPECT_TRUE(raw.data[p]) << "plane " << p;
    EXPECT_GE(raw.stride[p], 75 * 2) << "plane " << p;  // 16 bits a sample, full-width chroma
  }
  EXPECT_EQ(frame->view().width, 0) << "no frame_view.h layout for Y444_10LE";
}

// The advice to end the pipeline with videoconvert is for pipelines users write (satlab's gst:),
// not for a reader that builds its own (satfilter's), where the user has no pipeline to change.
TEST(GstReader, VideoconvertAdviceOnlyForTheDefaultCaps) {
  // identity links to anything: the format fails later, in negotiation.
  const std::string description = test_source("Y444_10LE", 2) + " ! identity";
  const std::string user = error_of(description);
  EXPECT_NE(user.find("end the pipeline with videoconvert"), std::string::npos) << user;
  ReaderOptions options;
  options.system_caps = "video/x-raw, format=(string)I420";
  options.timeout_s = 5;
  std::string own;
  try {
    Reader reader(description, options);
  } catch (const Error& e) {
    own = e.what();
  }
  EXPECT_NE(own.find("not-negotiated"), std::string::npos) << own;
  EXPECT_EQ(own.find("videoconvert"), std::string::npos) << own;
}

TEST(GstReader, EndBeforeTheFirstFrameIsAnError) {
  const std::string error = error_of("videotestsrc num-buffers=0 ! video/x-raw,format=BGR");
  EXPECT_NE(error.find("ended before its first frame"), std::string::npos) << error;
}

TEST(GstReader, ErrorMidStreamIsAnErrorNotAHang) {
  const std::string error = error_of(test_source("BGR", 50) + " ! identity error-after=3");
  EXPECT_NE(error.find("identity"), std::string::npos) << error;
}

TEST(GstReader, StallEndsInAnErrorWithinTheTimeout) {
  // The valve lets nothing through: no first frame, and no error from GStreamer either.
  const std::string error = error_of("videotestsrc ! video/x-raw,format=BGR ! valve drop=true", 0.5);
  EXPECT_NE(error.find("no frame within"), std::string::npos) << error;
}

TEST(GstReader, FilePipelineEscapesThePath) {
  const std::string description = satapp::gst::file_pipeline("/tmp/a b\"c.mp4");
  EXPECT_EQ(description.rfind("uridecodebin uri=file:///", 0), 0u) << description;
  EXPECT_EQ(description.find(' ', 13), std::string::npos) << description;
  EXPECT_EQ(description.find('"'), std::string::npos) << description;
}

}  // namespace
