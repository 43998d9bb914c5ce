// What the gray filters read of a decoded frame (common/frame/frame_ingest.h): the luma plane of
// NV12 and I420 and the gray plane of GRAY8 as a view of the decoder's memory (its pitch, no
// copy), none for packed RGB (those are converted); the layouts of more than 8 bits refused by
// name, never read as bytes. No device needed: the views are host views.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "common/frame/frame_ingest.h"
#include "common/frame/frame_to_bgr.h"
#include "sat/error.h"

namespace {

satapp::FrameView frame_of(sat::PixelLayout layout, const uint8_t* y, std::size_t pitch) {
  satapp::FrameView frame;
  frame.layout = layout;
  frame.width = 7;
  frame.height = 5;
  frame.plane[0] = y;
  frame.pitch[0] = pitch;
  return frame;
}

TEST(FrameIngest, GrayFiltersReadTheLumaPlaneOfYuvAndGrayFrames) {
  const std::vector<uint8_t> bytes(16 * 5 * 2);
  for (const sat::PixelLayout layout : {sat::PixelLayout::Nv12, sat::PixelLayout::I420, sat::PixelLayout::Gray8}) {
    const std::optional<sat::ConstImage8> luma = satapp::luma_plane(frame_of(layout, bytes.data() + 3, 16));
    ASSERT_TRUE(luma.has_value()) << sat::layout_info(layout).name;
    EXPECT_EQ(luma->data, bytes.data() + 3);
    EXPECT_EQ(luma->pitch, 16u);
    EXPECT_EQ(luma->width, 7);
    EXPECT_EQ(luma->height, 5);
    EXPECT_EQ(luma->channels, 1);
  }
}

TEST(FrameIngest, PackedRgbHasNoLumaPlane) {
  const std::vector<uint8_t> bytes(32 * 5);
  for (const sat::PixelLayout layout : {sat::PixelLayout::Bgr, sat::PixelLayout::Bgrx, sat::PixelLayout::Bgra,
                                        sat::PixelLayout::Rgbx, sat::PixelLayout::Rgba})
    EXPECT_FALSE(satapp::luma_plane(frame_of(layout, bytes.data(), 32)).has_value()) << sat::layout_info(layout).name;
}

// GRAY16_LE, P010_10LE and I420_10LE are rows of the table, but every reader here takes 8-bit
// samples: the luma view and the BGR conversion refuse them with an error naming the format.
TEST(FrameIngest, DeepLayoutsAreRefusedNamingTheFormat) {
  const std::vector<uint8_t> bytes(32 * 5 * 2);
  for (const sat::PixelLayout layout : {sat::PixelLayout::Gray16, sat::PixelLayout::P010, sat::PixelLayout::I420_10}) {
    const satapp::FrameView frame = frame_of(layout, bytes.data(), 32);
    const std::string name = sat::layout_info(layout).name;
    try {
      (void)satapp::luma_plane(frame);
      ADD_FAILURE() << name << ": luma_plane took it";
    } catch (const sat::Error& e) {
      EXPECT_NE(std::string(e.what()).find(name), std::string::npos) << e.what();
    }
    cv::Mat bgr;
    try {
      satapp::to_bgr_cpu(frame, bgr);
      ADD_FAILURE() << name << ": to_bgr_cpu took it";
    } catch (const sat::Error& e) {
      EXPECT_NE(std::string(e.what()).find(name), std::string::npos) << e.what();
    }
    satapp::FrameView device = frame;  // refused before any CUDA call: no device needed
    device.on_device = true;
    try {
      satapp::ingest_gpu(device, sat::Image8{}, 1, nullptr);
      ADD_FAILURE() << name << ": ingest_gpu took it";
    } catch (const sat::Error& e) {
      EXPECT_NE(std::string(e.what()).find(name), std::string::npos) << e.what();
    }
  }
}

}  // namespace
