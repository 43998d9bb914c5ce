// satdetect and satfaceblur on CUDA memory (appsrc ! cudaupload ! ELEMENT ! cudadownload !
// appsink): the boxes of the bus message equal sat::Detector's on the same frame, and the output
// bytes equal the same element's on system memory (display outlines, blurred regions). And on
// system memory with a GPU (the CUDA backend: packed colour uploaded as it lies and made gray on
// the device): boxes and blurred bytes equal the CPU backend's, sat::Detector's and satcore's box
// blur. Skipped without a CUDA device (the system-memory cases) or without GStreamer's nvcodec
// plugin (the CUDA-memory cases).
#include <gtest/gtest.h>

#include <gst/gst.h>

#include <opencv2/imgcodecs.hpp>  // the IMREAD_* flags only; nothing of it is linked

#include <string>
#include <vector>

#include "detect_pipeline.h"
#include "detect_test_data.h"
#include "sat/detect.h"
#include "sat/device.h"
#include "sat/filter_spec.h"

namespace {

using namespace gst_detect_test;

// The formats the plugin takes in CUDA memory (common/video_formats.h).
const GstVideoFormat kFormats[] = {GST_VIDEO_FORMAT_NV12, GST_VIDEO_FORMAT_BGRx, GST_VIDEO_FORMAT_BGRA};

// The packed formats the elements take in system memory; each with its plane layout.
struct PackedFormat {
  GstVideoFormat format;
  int channels;
};
const PackedFormat kPackedFormats[] = {{GST_VIDEO_FORMAT_BGR, 3},
                                       {GST_VIDEO_FORMAT_RGB, 3},
                                       {GST_VIDEO_FORMAT_BGRx, 4},
                                       {GST_VIDEO_FORMAT_BGRA, 4},
                                       {GST_VIDEO_FORMAT_RGBA, 4}};

class CudaBackend : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!sat::cuda_availability().usable()) GTEST_SKIP() << "no CUDA device";
  }
};

class CudaMemory : public CudaBackend {
 protected:
  void SetUp() override {
    CudaBackend::SetUp();
    if (IsSkipped()) return;
    GstElementFactory* upload = gst_element_factory_find("cudaupload");
    if (!upload) GTEST_SKIP() << "no cudaupload (GStreamer's nvcodec plugin)";
    gst_object_unref(upload);
  }
};

std::vector<cv::Mat> output_planes(const std::string& element, const Frame& frame, std::vector<sat::Box>* message) {
  Pipeline p(element);
  EXPECT_TRUE(p.play());
  GstBuffer* out = p.push_and_pull(frame);
  if (!out) throw std::runtime_error("no output buffer from " + element + ": " + p.wait_error(0));
  std::vector<cv::Mat> planes = frame_planes(out, frame.info);
  gst_buffer_unref(out);
  if (message) {
    const std::vector<Structure> messages = p.take_messages("facedetect");
    if (messages.size() != 1) throw std::runtime_error("expected one facedetect message");
    *message = message_boxes(messages[0].get());
  }
  return planes;
}

TEST_F(CudaMemory, SatdetectBoxesAndOutlinesEqualSystemMemory) {
  const cv::Mat astronaut = detect_test::load_image("astronaut.png", cv::IMREAD_COLOR);
  for (GstVideoFormat format : kFormats) {
    SCOPED_TRACE(gst_video_format_to_string(format));
    const Frame frame = make_frame(astronaut, format);
    const std::vector<sat::Box> expected = detector_boxes(searched_gray(frame));
    ASSERT_FALSE(expected.empty());
    std::vector<sat::Box> on_device, on_host;
    const std::vector<cv::Mat> device_out =
        output_planes("cudaupload ! satdetect name=under_test ! cudadownload", frame, &on_device);
    const std::vector<cv::Mat> host_out = output_planes("satdetect", frame, &on_host);
    EXPECT_TRUE(detect_test::same_boxes(on_device, expected));
    EXPECT_TRUE(detect_test::same_boxes(on_host, expected));
    EXPECT_TRUE(same_planes(device_out, host_out));
  }
}

TEST_F(CudaMemory, SatfaceblurEqualsSystemMemory) {
  const cv::Mat astronaut = detect_test::load_image("astronaut.png", cv::IMREAD_COLOR);
  for (GstVideoFormat format : kFormats) {
    SCOPED_TRACE(gst_video_format_to_string(format));
    const Frame frame = make_frame(astronaut, format);
    const std::vector<cv::Mat> device_out =
        output_planes("cudaupload ! satfaceblur name=under_test ! cudadownload", frame, nullptr);
    const std::vector<cv::Mat> host_out = output_planes("satfaceblur", frame, nullptr);
    EXPECT_TRUE(same_planes(device_out, host_out));
    EXPECT_FALSE(same_planes(host_out, frame_planes(frame.buffer.get(), frame.info)));
  }
}

// 10-bit frames in CUDA memory are searched (and blurred) on the host after a download: the same
// boxes and bytes as in system memory.
TEST_F(CudaMemory, TenBitFramesEqualSystemMemory) {
  const cv::Mat gray = detect_test::load_image("astronaut.png", cv::IMREAD_GRAYSCALE);
  for (GstVideoFormat format : {GST_VIDEO_FORMAT_P010_10LE, GST_VIDEO_FORMAT_I420_10LE}) {
    SCOPED_TRACE(gst_video_format_to_string(format));
    const Frame frame = make_ten_bit_frame(gray, format, 31);
    std::vector<sat::Box> on_device, on_host;
    const std::vector<cv::Mat> device_out =
        output_planes("cudaupload ! satdetect name=under_test ! cudadownload", frame, &on_device);
    const std::vector<cv::Mat> host_out = output_planes("satdetect", frame, &on_host);
    EXPECT_FALSE(on_host.empty());
    EXPECT_TRUE(detect_test::same_boxes(on_device, on_host));
    EXPECT_TRUE(same_planes(device_out, host_out));
    if (!sat::takes_samples(*sat::find_filter("box"), sat::SampleType::U16)) continue;
    EXPECT_TRUE(same_planes(output_planes("cudaupload ! satfaceblur name=under_test ! cudadownload", frame, nullptr),
                            output_planes("satfaceblur", frame, nullptr)));
  }
}

// The colour photograph whole and cropped to an odd width (RGB / BGR rows padded to 4 bytes).
std::vector<cv::Mat> colour_frames() {
  const cv::Mat astronaut = detect_test::load_image("astronaut.png", cv::IMREAD_COLOR);
  return {astronaut, astronaut(cv::Rect(0, 0, 437, 301)).clone()};
}

TEST_F(CudaBackend, SatdetectOnSystemMemoryPackedColourEqualsTheCpuBackend) {
  for (const cv::Mat& image : colour_frames())
    for (const PackedFormat& f : kPackedFormats) {
      SCOPED_TRACE(std::string(gst_video_format_to_string(f.format)) + " " + std::to_string(image.cols));
      const Frame frame = make_frame(image, f.format);
      const std::vector<sat::Box> expected = detector_boxes(searched_gray(frame));  // the CPU backend
      ASSERT_FALSE(expected.empty());
      std::vector<sat::Box> got;
      output_planes("satdetect display=false", frame, &got);
      EXPECT_TRUE(detect_test::same_boxes(got, expected)) << got.size() << " boxes, " << expected.size() << " expected";
    }
}

TEST_F(CudaBackend, SatfaceblurOnSystemMemoryPackedColourEqualsTheCpuBackend) {
  for (const cv::Mat& image : colour_frames())
    for (const PackedFormat& f : kPackedFormats) {
      SCOPED_TRACE(std::string(gst_video_format_to_string(f.format)) + " " + std::to_string(image.cols));
      const Frame frame = make_frame(image, f.format);
      std::vector<cv::Mat> expected = frame_planes(frame.buffer.get(), frame.info);
      blur_regions(expected, {{f.channels, 0}}, detector_boxes(searched_gray(frame)), 11);
      const std::vector<cv::Mat> got = output_planes("satfaceblur", frame, nullptr);
      EXPECT_TRUE(same_planes(got, expected));
      EXPECT_FALSE(same_planes(got, frame_planes(frame.buffer.get(), frame.info)));
    }
}

}  // namespace
