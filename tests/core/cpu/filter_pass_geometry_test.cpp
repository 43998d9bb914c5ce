// The split of a CUDA filter pass into its interior and border kernels (filters/pass_geometry.h),
// replayed on the host: for every row alignment and pitch, every pixel is written by exactly one
// kernel, the interior kernel writes only full groups of interior pixels (word-aligned where the
// row allows) and leaves the border kernel no more than a group's width at each end of a row.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "filters/border.h"
#include "filters/pass_geometry.h"

namespace sat::filters {
namespace {

struct Layout {
  std::uintptr_t base;  // the first row's address
  std::size_t pitch;    // bytes
};

// How often each kernel writes each pixel, replaying both kernels' loops.
struct Writes {
  int width, height;
  std::vector<int> interior, border;
  int total(int x, int y) const { return interior[std::size_t(y) * width + x] + border[std::size_t(y) * width + x]; }
};

template <int kCn>
Writes replay(int width, int height, const InteriorRect& r, const Layout& layout) {
  Writes w{width, height, std::vector<int>(std::size_t(width) * height), std::vector<int>(std::size_t(width) * height)};
  const InteriorGroups in = interior_groups(r);
  if (!in.empty())
    for (int y = r.y.lo; y <= r.y.hi; ++y)
      for (int g = in.g0; g < in.g1; ++g) {
        const std::uintptr_t row = layout.base + layout.pitch * std::size_t(y);
        const PixelGroup p = pixel_group<kCn>(row, g);
        if (!interior_group(r, y, p.x0)) continue;
        EXPECT_TRUE(p.x0 >= r.x.lo && p.x0 + kGroup - 1 <= r.x.hi) << "x0 " << p.x0;
        if (p.aligned) {
          EXPECT_EQ((row + std::size_t(p.x0) * kCn) % (kCn == 4 ? 16 : 4), 0u) << "x0 " << p.x0;
        }
        for (int i = 0; i < kGroup; ++i) ++w.interior[std::size_t(y) * width + p.x0 + i];
      }
  const BorderGroups b = border_groups(r, width, height);
  for (int64_t t = 0; t < b.count; ++t) {
    int y = -1, g = -1;
    b.at(t, y, g);
    EXPECT_TRUE(y >= 0 && y < height && g >= 0 && g < b.groups) << "t " << t << ": y " << y << ", g " << g;
    if (y < 0 || y >= height) continue;
    const int x0 = pixel_group<kCn>(layout.base + layout.pitch * std::size_t(y), g).x0;
    if (x0 >= width || interior_group(r, y, x0)) continue;
    for (int x = x0 < 0 ? 0 : x0; x < x0 + kGroup && x < width; ++x) ++w.border[std::size_t(y) * width + x];
  }
  return w;
}

template <int kCn>
void check_split(int width, int height, const InteriorRect& r, const Layout& layout) {
  const Writes w = replay<kCn>(width, height, r, layout);
  int wrong = 0;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      bool ok = w.total(x, y) == 1;
      // The interior kernel takes every interior pixel but those within a group of the ends.
      const bool deep =
          !r.empty() && y >= r.y.lo && y <= r.y.hi && x >= r.x.lo + kGroup - 1 && x <= r.x.hi - (kGroup - 1);
      if (deep) ok = ok && w.interior[std::size_t(y) * width + x] == 1;
      if (!ok && wrong++ == 0)
        ADD_FAILURE() << kCn << " channels, " << width << "x" << height << ", interior x " << r.x.lo << "…" << r.x.hi
                      << " y " << r.y.lo << "…" << r.y.hi << ", base % 16 = " << layout.base % 16 << ", pitch "
                      << layout.pitch << ": pixel (" << x << ", " << y << ") written " << w.total(x, y)
                      << " times (interior kernel " << w.interior[std::size_t(y) * width + x] << ")";
    }
}

template <int kCn>
void check_all_layouts(int width, int height, const InteriorRect& r) {
  for (std::uintptr_t offset = 0; offset < 16; ++offset)
    for (std::size_t extra : {0, 1, 2, 3, 5, 16})
      check_split<kCn>(width, height, r, {4096 + offset, std::size_t(width) * kCn + extra});
}

TEST(FilterPassGeometry, EveryPixelOnceForEveryAlignmentAndBox) {
  const int height = 7;
  for (int width = 1; width <= 41; ++width)
    for (int kw : {1, 2, 3, 4, 5, 8, 13, 40, 43})
      for (int kh : {1, 3, 8}) {
        const InteriorRect r{interior_positions(width, kw, kw / 2), interior_positions(height, kh, kh / 2)};
        SCOPED_TRACE("width " + std::to_string(width) + ", box " + std::to_string(kw) + "x" + std::to_string(kh));
        check_all_layouts<1>(width, height, r);
        check_all_layouts<3>(width, height, r);
        check_all_layouts<4>(width, height, r);
      }
}

TEST(FilterPassGeometry, NoInteriorMeansEveryGroupToTheBorderKernel) {
  const InteriorRect none{};
  check_all_layouts<1>(9, 4, none);
  check_all_layouts<4>(9, 4, none);
  const BorderGroups b = border_groups(none, 9, 4);
  EXPECT_EQ(b.count, int64_t(groups_per_row(9)) * 4);
  EXPECT_TRUE(interior_groups(none).empty());
}

TEST(FilterPassGeometry, GroupsStartOnWordsWhereTheRowAllows) {
  for (std::uintptr_t a = 0; a < 32; ++a) {
    // 1 and 3 channels: some lead always puts groups on 4-byte words.
    EXPECT_TRUE(pixel_group<1>(a, 1).aligned);
    EXPECT_EQ((a + std::uintptr_t(pixel_group<1>(a, 1).x0)) % 4, 0u);
    EXPECT_TRUE(pixel_group<3>(a, 1).aligned);
    EXPECT_EQ((a + 3 * std::uintptr_t(pixel_group<3>(a, 1).x0)) % 4, 0u);
    // 4 channels: 16-byte vectors, possible only on 4-byte aligned rows.
    EXPECT_EQ(pixel_group<4>(a, 1).aligned, a % 4 == 0);
    if (a % 4 == 0) {
      EXPECT_EQ((a + 4 * std::uintptr_t(pixel_group<4>(a, 1).x0)) % 16, 0u);
    }
  }
  EXPECT_EQ(pixel_group<1>(0, 0).x0, 0);
  EXPECT_EQ(pixel_group<1>(1, 0).x0, -1);  // the row starts 1 byte past a word
  EXPECT_EQ(pixel_group<1>(3, 2).x0, 5);
}

TEST(FilterPassGeometry, InteriorPositionsAreWhereTheBoxFits) {
  for (int len = 1; len <= 12; ++len)
    for (int k = 1; k <= 15; ++k)
      for (int anchor : {0, k / 2, k - 1}) {
        const PositionRange p = interior_positions(len, k, anchor);
        for (int pos = 0; pos < len; ++pos)
          EXPECT_EQ(box_span(pos, len, k, anchor).interior, pos >= p.lo && pos <= p.hi)
              << "len " << len << ", k " << k << ", anchor " << anchor << ", pos " << pos;
      }
}

}  // namespace
}  // namespace sat::filters
