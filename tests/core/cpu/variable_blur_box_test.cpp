// The boxes of the per-pixel filters (filters/folded_box.h), the variable-radius blur's rounding
// (variable_blur/square_box.h) and radius field (radius_field.h) on the host: the folded
// reflect-101 axes against border.h's general terms, the per-pixel rounding constants against
// make_box_rounding for every radius, and the radius field's ends.
#include <gtest/gtest.h>

#include <vector>

#include "filters/border.h"
#include "filters/folded_box.h"
#include "filters/rounding.h"
#include "filters/variable_blur/radius_field.h"
#include "filters/variable_blur/square_box.h"

namespace sat::filters {
namespace {

// How often each index is covered, from a list of intervals with multiplicities.
std::vector<int> coverage(int len, int n, const int* lo, const int* hi, const uint32_t* mult) {
  std::vector<int> c(std::size_t(len), 0);
  for (int i = 0; i < n; ++i)
    for (int j = lo[i]; j <= hi[i]; ++j) c[std::size_t(j)] += mult ? int(mult[i]) : 1;
  return c;
}

// Every interval s … e no longer than the axis, starting before, inside or after it.
TEST(FoldedBox, FoldedIntervalCoversAsReflect101) {
  for (int len = 1; len <= 40; ++len)
    for (int k = 1; k <= len; ++k)
      for (int s = -k + 1; s < len; ++s) {
        const FoldedAxis f = fold_interval(s, s + k - 1, len);
        const AxisTerms t = axis_terms(0, len, k, -s, Border::Reflect101);
        ASSERT_GE(f.n, 1);
        ASSERT_LE(f.n, 2);
        for (int i = 0; i < f.n; ++i) {
          ASSERT_LE(0, f.lo[i]);
          ASSERT_LE(f.lo[i], f.hi[i]);
          ASSERT_LT(f.hi[i], len);
        }
        EXPECT_EQ(coverage(len, f.n, f.lo, f.hi, nullptr), coverage(len, t.n, t.lo, t.hi, t.mult))
            << "len " << len << " k " << k << " s " << s;
      }
}

TEST(VariableBlurBox, RoundingOfEveryRadiusIsCvBlurs) {
  for (int row_elements : {1, 7, 8, 15, 16, 17, 37 * 3, 3840 * 4})
    for (int r = 0; r <= 1024; ++r) {
      const int64_t n = int64_t(2 * r + 1) * (2 * r + 1);
      const BoxRounding want = make_box_rounding(n, row_elements), got = square_box_rounding(r, row_elements);
      ASSERT_EQ(got.mode, want.mode) << "r " << r;
      EXPECT_EQ(got.scalar_from, want.scalar_from) << "r " << r;
      if (want.mode == BoxRounding::Fixed16) {
        EXPECT_EQ(got.ds, want.ds) << "r " << r;
        EXPECT_EQ(got.dd, want.dd) << "r " << r;
      }
      if (want.mode == BoxRounding::Float32Or64) {
        EXPECT_EQ(got.dscale, want.dscale) << "r " << r;
        EXPECT_EQ(got.fscale, want.fscale) << "r " << r;
      }
    }
}

// The largest box sum, 255 · (2·1024 + 1)², fits in 32 bits: every box sum of the filter is exact
// in the u32 table's modular arithmetic.
TEST(VariableBlurBox, LargestBoxSumFitsIn32Bits) {
  EXPECT_LT(uint64_t(255) * uint64_t(2 * 1024 + 1) * uint64_t(2 * 1024 + 1), uint64_t(1) << 32);
}

TEST(VariableBlurRadius, GeneratedShapesAreSharpAtTheFocusAndMaximalAtTheFarthestPixel) {
  VariableBlurParams p;
  p.max_radius = 16;
  p.extent = 0.0;
  for (RadiusShape shape : {RadiusShape::TiltShift, RadiusShape::Focus, RadiusShape::Vignette}) {
    p.shape = shape;
    p.focus_x = 0.0;
    p.focus_y = 0.0;
    const RadiusField f = make_radius_field(p, 101, 51);
    // Vignette: the centre; the others: the top-left pixel.
    const bool centre = shape == RadiusShape::Vignette;
    EXPECT_EQ(f.at(centre ? 50 : 0, centre ? 25 : 0), 0) << int(shape);
    EXPECT_EQ(f.at(100, 50), 16) << int(shape);
    // Monotone away from the focus along the last row.
    int last = 0;
    for (int x = centre ? 50 : 0; x <= 100; ++x) {
      const int r = f.at(x, 50);
      EXPECT_GE(r, last);
      last = r;
    }
  }
  // A band as tall as the image: nothing blurred.
  p.shape = RadiusShape::TiltShift;
  p.focus_y = 0.5;
  p.extent = 0.5;
  const RadiusField band = make_radius_field(p, 10, 10);
  for (int y = 0; y < 10; ++y) EXPECT_EQ(band.at(3, y), 0);
}

TEST(VariableBlurRadius, MapValuesAreClampedToMaxRadius) {
  const uint8_t map[2][3] = {{0, 5, 200}, {17, 16, 255}};
  VariableBlurParams p;
  p.shape = RadiusShape::Map;
  p.max_radius = 16;
  p.radius_map = ConstImage8{&map[0][0], 3, 3, 2, 1};
  const RadiusField f = make_radius_field(p, 3, 2);
  EXPECT_EQ(f.at(0, 0), 0);
  EXPECT_EQ(f.at(1, 0), 5);
  EXPECT_EQ(f.at(2, 0), 16);
  EXPECT_EQ(f.at(0, 1), 16);
  EXPECT_EQ(f.at(1, 1), 16);
  EXPECT_EQ(f.at(2, 1), 16);
}

}  // namespace
}  // namespace sat::filters
