// satdetect and satfaceblur on 10-bit YUV (P010_10LE, I420_10LE) in system memory: the detector
// searches Y10 >> 2 (the boxes of the 8-bit gray the 10-bit luma was made from, whatever its 2
// low bits), the outline is drawn at 10-bit depth, and satfaceblur blurs each region in the
// frame's own layout as satcore's 16-bit box blur of its 10-bit values — or, while the box
// filter's catalog entry lists no 16-bit samples, refuses the formats (not-negotiated).
#include <gtest/gtest.h>

#include <gst/gst.h>

#include <opencv2/imgcodecs.hpp>  // the IMREAD_* flags only; nothing of it is linked

#include <algorithm>
#include <string>
#include <vector>

#include "detect_pipeline.h"
#include "detect_test_data.h"
#include "sat/filter_spec.h"

namespace {

using namespace gst_detect_test;
using detect_test::same_boxes;

const GstVideoFormat kTenBit[] = {GST_VIDEO_FORMAT_P010_10LE, GST_VIDEO_FORMAT_I420_10LE};

int shift_of(GstVideoFormat format) { return format == GST_VIDEO_FORMAT_P010_10LE ? 6 : 0; }

// 16-bit planes of a frame, tight (row samples = plane width × channels).
struct Planes16 {
  std::vector<std::vector<uint16_t>> samples;
  std::vector<int> width, height, channels, subsampling;
};

Planes16 planes_of(GstBuffer* buffer, const GstVideoInfo& info) {
  GstVideoInfo copy = info;
  GstVideoFrame mapped;
  Planes16 planes;
  if (!gst_video_frame_map(&mapped, &copy, buffer, GST_MAP_READ)) return planes;
  for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES(&mapped); ++p) {
    gint components[GST_VIDEO_MAX_COMPONENTS];
    gst_video_format_info_component(mapped.info.finfo, p, components);
    const int c = components[0];
    const int width = GST_VIDEO_FRAME_COMP_WIDTH(&mapped, c), height = GST_VIDEO_FRAME_COMP_HEIGHT(&mapped, c);
    const int channels = GST_VIDEO_FRAME_COMP_PSTRIDE(&mapped, c) / 2;
    std::vector<uint16_t> samples(std::size_t(width) * channels * height);
    for (int y = 0; y < height; ++y)
      std::copy_n(
          reinterpret_cast<const uint16_t*>(static_cast<const uint8_t*>(GST_VIDEO_FRAME_PLANE_DATA(&mapped, p)) +
                                            std::ptrdiff_t(y) * GST_VIDEO_FRAME_PLANE_STRIDE(&mapped, p)),
          std::size_t(width) * channels, samples.begin() + std::ptrdiff_t(y) * width * channels);
    planes.samples.push_back(std::move(samples));
    planes.width.push_back(width);
    planes.height.push_back(height);
    planes.channels.push_back(channels);
    planes.subsampling.push_back(p == 0 ? 0 : 1);
  }
  gst_video_frame_unmap(&mapped);
  return planes;
}

// satfaceblur's rule on 10-bit planes: each channel of each box's region, as its 10-bit values,
// blurred by satcore's 16-bit box blur (CPU, reflect-101) and put back in the format's position.
void blur_ten_bit_regions(Planes16& planes, const std::vector<sat::Box>& boxes, int kernel, int shift) {
  sat::FilterEngine engine(sat::Backend::Cpu, {planes.width[0], planes.height[0]});
  for (const sat::Box& b : boxes)
    for (std::size_t p = 0; p < planes.samples.size(); ++p) {
      const int s = planes.subsampling[p], ch = planes.channels[p], row = planes.width[p] * ch;
      const int x0 = b.x >> s, y0 = b.y >> s;
      const int x1 = std::min(planes.width[p], (b.x + b.width + (1 << s) - 1) >> s);
      const int y1 = std::min(planes.height[p], (b.y + b.height + (1 << s) - 1) >> s);
      const int w = x1 - x0, h = y1 - y0;
      std::vector<uint16_t> region(std::size_t(w) * h);
      for (int c = 0; c < ch; ++c) {
        for (int y = 0; y < h; ++y)
          for (int x = 0; x < w; ++x)
            region[std::size_t(y) * w + x] =
                uint16_t(planes.samples[p][std::size_t(y0 + y) * row + (x0 + x) * ch + c] >> shift);
        const sat::Image16 image{region.data(), std::size_t(w) * 2, w, h, 1};
        engine.apply(sat::BoxBlurParams{kernel, kernel, sat::Border::Reflect101}, sat::ConstImage16(image), image);
        for (int y = 0; y < h; ++y)
          for (int x = 0; x < w; ++x)
            planes.samples[p][std::size_t(y0 + y) * row + (x0 + x) * ch + c] =
                uint16_t(std::min<unsigned>(region[std::size_t(y) * w + x], 1023u) << shift);
      }
    }
}

cv::Mat gray_of(const cv::Mat& image) {
  if (image.channels() == 1) return image;
  cv::Mat gray(image.rows, image.cols, CV_8U);
  for (int y = 0; y < image.rows; ++y)
    for (int x = 0; x < image.cols; ++x) {
      const cv::Vec3b px = image.at<cv::Vec3b>(y, x);
      gray.at<uint8_t>(y, x) = uint8_t((px[0] * 3735 + px[1] * 19235 + px[2] * 9798 + 16384) >> 15);
    }
  return gray;
}

// The astronaut (512×512, a face the defaults find) as the gray that 8-bit formats give.
cv::Mat face_gray() { return gray_of(detect_test::load_image("astronaut.png", cv::IMREAD_COLOR)); }

TEST(TenBitDetection, SatdetectSearchesY10ShiftedToEightBits) {
  const cv::Mat gray = face_gray();
  const std::vector<sat::Box> expected = detector_boxes(gray);
  ASSERT_FALSE(expected.empty());
  for (GstVideoFormat format : kTenBit) {
    SCOPED_TRACE(gst_video_format_to_string(format));
    Pipeline p("satdetect display=false");
    ASSERT_TRUE(p.play());
    GstBuffer* out = p.push_and_pull(make_ten_bit_frame(gray, format, 5));
    ASSERT_NE(out, nullptr) << p.wait_error(0);
    EXPECT_TRUE(same_boxes(roi_boxes(out), expected));
    gst_buffer_unref(out);
    EXPECT_EQ(p.wait_error(0), "");
  }
}

TEST(TenBitDetection, SatdetectOutlinesAtTenBitDepth) {
  const cv::Mat gray = face_gray();
  for (GstVideoFormat format : kTenBit) {
    SCOPED_TRACE(gst_video_format_to_string(format));
    Pipeline p("satdetect display=true");
    ASSERT_TRUE(p.play());
    const Frame frame = make_ten_bit_frame(gray, format, 6);
    GstBuffer* out = p.push_and_pull(frame);
    ASSERT_NE(out, nullptr) << p.wait_error(0);
    const std::vector<sat::Box> boxes = roi_boxes(out);
    ASSERT_FALSE(boxes.empty());
    const Planes16 planes = planes_of(out, frame.info);
    // The outline's luma is BT.601 green's 145, at 10 bits (<< 2) in the format's position.
    const sat::Box& b = boxes.front();
    EXPECT_EQ(planes.samples[0][std::size_t(b.y) * planes.width[0] + b.x], uint16_t((145u << 2) << shift_of(format)));
    gst_buffer_unref(out);
  }
}

TEST(TenBitDetection, SatfaceblurBlursInTheFramesOwnLayoutOrRefusesIt) {
  const cv::Mat gray = face_gray();
  const bool takes = sat::takes_samples(*sat::find_filter("box"), sat::SampleType::U16);
  for (GstVideoFormat format : kTenBit) {
    SCOPED_TRACE(gst_video_format_to_string(format));
    const Frame frame = make_ten_bit_frame(gray, format, 7);
    Pipeline p("satfaceblur kernel-width=11 kernel-height=11");
    ASSERT_TRUE(p.play());
    GstBuffer* out = p.push_and_pull(frame, takes ? 10 * GST_SECOND : 2 * GST_SECOND);
    if (!takes) {
      EXPECT_EQ(out, nullptr);
      if (out) gst_buffer_unref(out);
      EXPECT_NE(p.wait_error().find("not-negotiated"), std::string::npos);
      continue;
    }
    ASSERT_NE(out, nullptr) << p.wait_error(0);
    const std::vector<sat::Box> boxes = detector_boxes(gray);
    ASSERT_FALSE(boxes.empty());
    Planes16 expected = planes_of(frame.buffer.get(), frame.info);
    blur_ten_bit_regions(expected, boxes, 11, shift_of(format));
    const Planes16 got = planes_of(out, frame.info);
    EXPECT_TRUE(got.samples == expected.samples);
    gst_buffer_unref(out);
  }
}

}  // namespace
