// The table of pixel layouts (sat/pixel_layout.h): rows in the enum's order, names that find
// their rows, and plane sizes as decoders lay the planes out (odd sizes round chroma up).
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "sat/pixel_layout.h"

namespace sat {
namespace {

TEST(PixelLayouts, RowsAreInTheEnumsOrderAndNamesFindThem) {
  std::set<std::string> names;
  for (std::size_t i = 0; i < kPixelLayouts.size(); ++i) {
    const PixelLayoutInfo& info = kPixelLayouts[i];
    EXPECT_EQ(static_cast<std::size_t>(info.layout), i);
    EXPECT_EQ(&layout_info(info.layout), &info);
    EXPECT_EQ(find_pixel_layout(info.name), &info);
    EXPECT_GE(info.planes, 1);
    EXPECT_LE(info.planes, 3);
    names.insert(info.name);
  }
  EXPECT_EQ(names.size(), kPixelLayouts.size());
  EXPECT_EQ(find_pixel_layout("Y444_10LE"), nullptr);
  EXPECT_EQ(find_pixel_layout("nv12"), nullptr);  // GStreamer's names are case-sensitive
}

TEST(PixelLayouts, PlanesOfAnOddSizedFrame) {
  const PixelLayoutInfo& nv12 = layout_info(PixelLayout::Nv12);
  EXPECT_TRUE(is_planar_yuv(nv12));
  EXPECT_EQ(nv12.luma_plane, 0);
  EXPECT_EQ(plane_row_bytes(nv12, 0, 75), 75u);
  EXPECT_EQ(plane_row_bytes(nv12, 1, 75), 76u);  // 38 U,V pairs
  EXPECT_EQ(plane_rows(nv12, 1, 41), 21);
  EXPECT_EQ(plane_channels(nv12, 1), 2);
  const PixelLayoutInfo& i420 = layout_info(PixelLayout::I420);
  EXPECT_EQ(plane_row_bytes(i420, 2, 75), 38u);
  EXPECT_EQ(plane_rows(i420, 2, 41), 21);
  const PixelLayoutInfo& bgrx = layout_info(PixelLayout::Bgrx);
  EXPECT_FALSE(is_planar_yuv(bgrx));
  EXPECT_EQ(bgrx.luma_plane, -1);
  EXPECT_EQ(plane_row_bytes(bgrx, 0, 75), 300u);
  EXPECT_FALSE(bgrx.alpha);
  EXPECT_TRUE(layout_info(PixelLayout::Rgba).red_first && layout_info(PixelLayout::Rgba).alpha);
  EXPECT_FALSE(is_planar_yuv(layout_info(PixelLayout::Gray8)));  // luma alone
}

TEST(PixelLayouts, DeepRowsSayWhereTheirBitsLie) {
  for (const PixelLayoutInfo& info : kPixelLayouts) {
    EXPECT_EQ(is_deep(info), info.bytes_per_sample == 2) << info.name;
    EXPECT_LE(info.bits + info.sample_shift, 8 * info.bytes_per_sample) << info.name;
    if (!is_deep(info)) EXPECT_EQ(sample_max(info), 255u) << info.name;
  }
  const PixelLayoutInfo& gray16 = layout_info(PixelLayout::Gray16);
  EXPECT_STREQ(gray16.name, "GRAY16_LE");
  EXPECT_EQ(gray16.bits, 16);
  EXPECT_EQ(gray16.sample_shift, 0);
  EXPECT_EQ(sample_max(gray16), 65535u);
  EXPECT_EQ(plane_row_bytes(gray16, 0, 75), 150u);
  EXPECT_EQ(plane_channels(gray16, 0), 1);
  EXPECT_FALSE(is_planar_yuv(gray16));

  const PixelLayoutInfo& p010 = layout_info(PixelLayout::P010);  // NV12's planes, 10 bits in the high bits
  EXPECT_STREQ(p010.name, "P010_10LE");
  EXPECT_TRUE(is_planar_yuv(p010));
  EXPECT_EQ(p010.luma_plane, 0);
  EXPECT_EQ(p010.bits, 10);
  EXPECT_EQ(p010.sample_shift, 6);
  EXPECT_EQ(sample_max(p010), 1023u);
  EXPECT_EQ(plane_row_bytes(p010, 0, 75), 150u);
  EXPECT_EQ(plane_row_bytes(p010, 1, 75), 152u);  // 38 U,V pairs of 2 bytes each
  EXPECT_EQ(plane_rows(p010, 1, 41), 21);
  EXPECT_EQ(plane_channels(p010, 1), 2);

  const PixelLayoutInfo& i420_10 = layout_info(PixelLayout::I420_10);  // I420's planes, 10 bits in the low bits
  EXPECT_STREQ(i420_10.name, "I420_10LE");
  EXPECT_EQ(i420_10.planes, 3);
  EXPECT_EQ(i420_10.sample_shift, 0);
  EXPECT_EQ(sample_max(i420_10), 1023u);
  EXPECT_EQ(plane_row_bytes(i420_10, 2, 75), 76u);
  EXPECT_EQ(plane_rows(i420_10, 2, 41), 21);
  EXPECT_EQ(plane_channels(i420_10, 2), 1);

  // Other depths and byte orders are not rows: every reader refuses them by name.
  for (const char* name : {"I420_12LE", "P012_LE", "GRAY16_BE", "P010_10BE", "I420_10BE", "GRAY10_LE32"})
    EXPECT_EQ(find_pixel_layout(name), nullptr) << name;
}

TEST(PixelLayouts, SatcoreImagesAreGrayBgrAndBgra) {
  EXPECT_EQ(image_layout(1), PixelLayout::Gray8);
  EXPECT_EQ(image_layout(3), PixelLayout::Bgr);
  EXPECT_EQ(image_layout(4), PixelLayout::Bgra);
  for (int channels : {1, 3, 4}) EXPECT_EQ(plane_channels(layout_info(image_layout(channels)), 0), channels);
}

}  // namespace
}  // namespace sat
