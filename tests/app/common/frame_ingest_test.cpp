// What the gray filters read of a decoded frame (common/frame/frame_ingest.h): the luma plane of
// NV12 and I420 and the gray plane of GRAY8 as a view of the decoder's memory (its pitch, no
// copy), none for packed RGB (those are converted). No device needed: the views are host views.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "common/frame/frame_ingest.h"

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

}  // namespace
