// satfaceblur's output bytes against satcore's box blur of the same regions (the boxes
// sat::Detector finds), plane by plane, on scikit-image's photographs; NV12 against I420; a
// frame without faces untouched; a cascade that does not load.
#include <gtest/gtest.h>

#include <gst/gst.h>

#include <opencv2/imgcodecs.hpp>  // the IMREAD_* flags only; nothing of it is linked
#include <opencv2/imgproc.hpp>

#include <string>
#include <vector>

#include "detect_pipeline.h"
#include "detect_test_data.h"

namespace {

using namespace gst_detect_test;

std::vector<cv::Mat> blurred_by_element(const std::string& element, const Frame& frame) {
  Pipeline p(element);
  EXPECT_TRUE(p.play());
  GstBuffer* out = p.push_and_pull(frame);
  if (!out) throw std::runtime_error("no output buffer");
  std::vector<cv::Mat> planes = frame_planes(out, frame.info);
  gst_buffer_unref(out);
  return planes;
}

struct Case {
  const char* image;
  int flags;
  GstVideoFormat format;
  std::vector<PlaneLayout> layout;
  int kernel;
};

TEST(SatFaceBlur, OutputEqualsSatcoresBoxBlurOfTheDetectedRegions) {
  const Case cases[] = {
      {"astronaut.png", cv::IMREAD_COLOR, GST_VIDEO_FORMAT_BGR, {{3, 0}}, 11},
      {"astronaut.png", cv::IMREAD_COLOR, GST_VIDEO_FORMAT_RGB, {{3, 0}}, 11},
      {"astronaut.png", cv::IMREAD_COLOR, GST_VIDEO_FORMAT_BGRx, {{4, 0}}, 25},
      {"astronaut.png", cv::IMREAD_COLOR, GST_VIDEO_FORMAT_RGBA, {{4, 0}}, 11},
      {"astronaut.png", cv::IMREAD_GRAYSCALE, GST_VIDEO_FORMAT_GRAY8, {{1, 0}}, 31},
      {"astronaut.png", cv::IMREAD_COLOR, GST_VIDEO_FORMAT_I420, {{1, 0}, {1, 1}, {1, 1}}, 11},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.image) + " " + gst_video_format_to_string(c.format));
    const Frame frame = make_frame(detect_test::load_image(c.image, c.flags), c.format);
    const std::vector<sat::Box> boxes = detector_boxes(searched_gray(frame));
    ASSERT_FALSE(boxes.empty());
    std::vector<cv::Mat> expected = frame_planes(frame.buffer.get(), frame.info);
    const std::vector<cv::Mat> input = frame_planes(frame.buffer.get(), frame.info);
    blur_regions(expected, c.layout, boxes, c.kernel);
    const std::string k = std::to_string(c.kernel);
    const std::vector<cv::Mat> got = blurred_by_element("satfaceblur kernel-width=" + k + " kernel-height=" + k, frame);
    EXPECT_TRUE(same_planes(got, expected));
    EXPECT_FALSE(same_planes(got, input));  // something was blurred
  }
}

TEST(SatFaceBlur, Nv12EqualsI420PlaneForPlane) {
  const cv::Mat astronaut = detect_test::load_image("astronaut.png", cv::IMREAD_COLOR);
  const std::vector<cv::Mat> i420 = blurred_by_element("satfaceblur", make_frame(astronaut, GST_VIDEO_FORMAT_I420));
  const std::vector<cv::Mat> nv12 = blurred_by_element("satfaceblur", make_frame(astronaut, GST_VIDEO_FORMAT_NV12));
  ASSERT_EQ(nv12.size(), 2u);
  std::vector<cv::Mat> uv;
  cv::split(nv12[1].reshape(2), uv);
  EXPECT_TRUE(same_planes({nv12[0], uv[0], uv[1]}, i420));
}

TEST(SatFaceBlur, FrameWithoutFacesIsUntouched) {
  const Frame frame = make_frame(detect_test::load_image("coffee.png", cv::IMREAD_COLOR), GST_VIDEO_FORMAT_BGR);
  ASSERT_TRUE(detector_boxes(searched_gray(frame)).empty());
  EXPECT_TRUE(same_planes(blurred_by_element("satfaceblur", frame), frame_planes(frame.buffer.get(), frame.info)));
}

TEST(SatFaceBlur, MissingCascadeIsAnErrorNamingTheFile) {
  const std::string missing = ::testing::TempDir() + "no_such_cascade.xml";
  Pipeline p("satfaceblur profile=" + missing);
  EXPECT_FALSE(p.play());
  const std::string error = p.wait_error();
  EXPECT_NE(error.find(missing), std::string::npos) << error;
}

}  // namespace
