// satdetect and satfaceblur on CUDA memory (appsrc ! cudaupload ! ELEMENT ! cudadownload !
// appsink): the boxes of the bus message equal sat::Detector's on the same frame, and the output
// bytes equal the same element's on system memory (display outlines, blurred regions). Skipped
// without a CUDA device or without GStreamer's nvcodec plugin.
#include <gtest/gtest.h>

#include <gst/gst.h>

#include <opencv2/imgcodecs.hpp>  // the IMREAD_* flags only; nothing of it is linked

#include <string>
#include <vector>

#include "detect_pipeline.h"
#include "detect_test_data.h"
#include "sat/detect.h"
#include "sat/device.h"

namespace {

using namespace gst_detect_test;

// The formats the plugin takes in CUDA memory (common/video_formats.h).
const GstVideoFormat kFormats[] = {GST_VIDEO_FORMAT_NV12, GST_VIDEO_FORMAT_BGRx, GST_VIDEO_FORMAT_BGRA};

class CudaMemory : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!sat::cuda_availability().usable()) GTEST_SKIP() << "no CUDA device";
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

}  // namespace
