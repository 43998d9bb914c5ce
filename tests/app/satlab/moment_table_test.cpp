// The shadow demo's moment table (summed-area variance shadow maps) on the CPU: the encodings of
// shadows/moment_encoding.h, and box queries of tables built by build_moment_table_cpu against an
// exact reference, for every MomentPrecision, with a bound derived for each (below). The last
// tests show that the precision fix matters: fp32 variances of small boxes far from the origin
// drown in rounding noise, the fixed-point ones do not.
//
// Inputs: a light's view of a scene (tilted ground plane, raised blocks and discs, a little noise)
// with z ∈ [0.2, 0.95] and m2 = fl(z²) ∈ [0.04, 0.91]. Every such float is a multiple of 2⁻²⁸
// (a float v ≥ 2⁻⁵ has ulp ≥ 2⁻²⁸), and so is every fp32 encoding of it (z − ½ and m2 − z + ¼
// are computed from multiples of 2⁻²⁸ and stay on that grid). The reference is therefore an
// EXACT int64 table of the inputs in units of 2⁻²⁸ (sums ≤ 2048² · 1.25 · 2²⁸ < 2⁵¹): its box sums
// are exact and its means are float64 with one rounding (the division by the area).
//
// Bounds (u = 2⁻²⁴, the unit roundoff of float; γ_d = d·u / (1 − d·u)):
//   Fixed32 (scale s): each texel rounds by ≤ ½ unit, q = round(v·s), and a box sum of ≤ A
//     texels with s = ⌊(2³² − 1)/A⌋ is exact in wrap-around uint32, so
//       |mean − ref| ≤ ε = 0.5/s (+ 1e-12 for the float64 arithmetic of decode and reference),
//     for the shader's scale kFixedScale up to kMaxBoxTexels² texels; with
//     s = fixed_scale_for_area(size²) for every box up to the full map.
//     Variance: |Δ(m2 − m²)| ≤ ε₂ + 2|m|ε₁ + ε₁² ≤ 3ε + ε² (m ≤ 1).
//   Float32 / Float32Centered: a sum evaluated by float additions in any order where input k
//     passes through at most d additions is within γ_d · Σ|inputs| of the exact sum (Higham,
//     §4.2). sat::cpu_parallel (the CPU builder) sums each row left to right (≤ x + 1 additions
//     for entry (x, y)), adds the row above (≤ y + 1 more down the column within a band), then
//     chains band carries (≤ bands additions) and adds the carry (1): d(x, y) ≤ x + y + 3 + bands
//     with bands = max(1, min(threads, size/16)). query_box computes ((A − B) − C) + D in float:
//     each tap through ≤ 3 roundings, ≤ γ₃ · (|Â| + |B̂| + |Ĉ| + |D̂|). So
//       |box sum error| ≤ Σ_corners γ_d(c) · S_abs(c) + γ₃ · Σ_corners |T̂(c)|,
//     divided by the area for the mean. Centered encoding adds per texel |fl(z − ½) − (z − ½)| ≤ ½u
//     and |fl(fl(m2 − z) + ¼) − (m2 − z + ¼)| ≤ u + 1.25u(1 + u) ≤ 2.5u; its decode
//     E[z²] = E[(z − ½)²] + E[z] − ¼ adds the mean's error to the mean square's.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "moment_test_data.h"
#include "sat/sat.h"
#include "scenes/shadows/moment_encoding.h"
#include "scenes/shadows/moment_table.h"
#include "scenes/shadows/shadow_settings.h"

namespace satlab::shadows {
namespace {

using namespace test;

// kU, gamma_n, light_view_moments, ExactTable, test_boxes: moment_test_data.h

// ---------------------------------------------------------------------------------------------
// Inputs and the exact reference.

ExactTable raw_table(const std::vector<sat::f32x2>& m, int size) {
  return ExactTable(size, [&](std::size_t i, int c) { return grid_units(c == 0 ? m[i].x : m[i].y); });
}
// The fp32 encoding's inputs (sum) and their absolute values (abs), exact.
struct EncodedTables {
  ExactTable sum, abs;
};
EncodedTables encoded_tables(const std::vector<uint8_t>& encoded, int size) {
  const auto* e = reinterpret_cast<const sat::f32x2*>(encoded.data());
  auto value = [&](std::size_t i, int c) { return grid_units(c == 0 ? e[i].x : e[i].y); };
  auto magnitude = [&](std::size_t i, int c) { return std::abs(value(i, c)); };
  return {ExactTable(size, value), ExactTable(size, magnitude)};
}

// ---------------------------------------------------------------------------------------------
// Boxes.

// ---------------------------------------------------------------------------------------------
// Bounds and measured errors.

struct Bound {
  double mean = 0, mean_sq = 0, var = 0;
};
Bound variance_bound(double mean_bound, double mean_sq_bound, double mean) {
  return {mean_bound, mean_sq_bound, mean_sq_bound + 2 * std::fabs(mean) * mean_bound + mean_bound * mean_bound};
}
Bound fixed_bound(double scale, double mean) {
  const double eps = 0.5 / scale + kSlack;
  return variance_bound(eps, eps, mean);
}

BoxMoments reference_moments(const ExactTable& raw, const Box& b) {
  const double area = b.area();
  return {from_units(raw.box(0, b.x0, b.y0, b.x1, b.y1)) / area, from_units(raw.box(1, b.x0, b.y0, b.x1, b.y1)) / area};
}

sat::f32x2 float_tap(const void* table, std::size_t pitch, int x, int y) {
  sat::f32x2 v{0, 0};
  if (x >= 0 && y >= 0)
    std::memcpy(&v, static_cast<const uint8_t*>(table) + std::size_t(y) * pitch + x * kTexel, kTexel);
  return v;
}

// The fp32 bound of a box (see the top of the file); d(x, y) = x + y + extra_depth.
Bound float_box_bound(const void* table, std::size_t pitch, bool centered, const ExactTable& abs, int extra_depth,
                      const Box& b, double ref_mean) {
  const int cx[4] = {b.x1, b.x0 - 1, b.x1, b.x0 - 1}, cy[4] = {b.y1, b.y1, b.y0 - 1, b.y0 - 1};
  double eps[2] = {0, 0};
  for (int c = 0; c < 2; ++c) {
    double sum_error = 0, taps = 0;
    for (int k = 0; k < 4; ++k) {
      if (cx[k] < 0 || cy[k] < 0) continue;  // the empty sum: exact
      sum_error += gamma_n(cx[k] + cy[k] + extra_depth) * from_units(abs.at(c, cx[k], cy[k]));
      const sat::f32x2 t = float_tap(table, pitch, cx[k], cy[k]);
      taps += std::fabs(double(c == 0 ? t.x : t.y));
    }
    sum_error += gamma_n(3) * taps;
    eps[c] = sum_error / b.area() + kSlack;
  }
  if (!centered) return variance_bound(eps[0], eps[1], ref_mean);
  const double mean = eps[0] + 0.5 * kU, mean_sq = eps[1] + 2.5 * kU + mean;
  return variance_bound(mean, mean_sq, ref_mean);
}

struct Measured {
  double mean = 0, mean_sq = 0, var = 0;  // max |error|
  double ratio = 0;                       // max |error| / bound over the three
  std::size_t boxes = 0, failures = 0;
  std::string first_failure;
  void add(const Box& b, const BoxMoments& got, const BoxMoments& ref, const Bound& bound) {
    const double e[3] = {std::fabs(got.mean - ref.mean), std::fabs(got.mean_sq - ref.mean_sq),
                         std::fabs(got.variance() - ref.variance())};
    const double lim[3] = {bound.mean, bound.mean_sq, bound.var};
    mean = std::max(mean, e[0]);
    mean_sq = std::max(mean_sq, e[1]);
    var = std::max(var, e[2]);
    ++boxes;
    bool ok = true;
    for (int k = 0; k < 3; ++k) {
      ratio = std::max(ratio, lim[k] > 0 ? e[k] / lim[k] : HUGE_VAL);
      ok = ok && e[k] <= lim[k];  // false for NaN
    }
    if (!ok && failures++ == 0) {
      char text[400];
      std::snprintf(text, sizeof text,
                    "box [%d, %d]x[%d, %d]: |dmean| %.3g (bound %.3g), |dmean_sq| %.3g (bound %.3g), |dvar| %.3g "
                    "(bound %.3g)",
                    b.x0, b.x1, b.y0, b.y1, e[0], lim[0], e[1], lim[1], e[2], lim[2]);
      first_failure = text;
    }
  }
  void print(const char* what, int size) const {
    std::printf("  %-17s size %4d: %4zu boxes, max |dmean| %.3e, |dmean_sq| %.3e, |dvar| %.3e, max err/bound %.3g\n",
                what, size, boxes, mean, mean_sq, var, ratio);
  }
};

// Same depth as build_moment_table_cpu's satcore call (sat::cpu_parallel with threads = 0).
int cpu_extra_depth(int size) {
  const int threads = int(std::max(1u, std::thread::hardware_concurrency()));
  const int bands = std::max(1, std::min(threads, size / 16));
  return 3 + bands;
}

// Every entry of an fp32 table within γ_d · S_abs of the exact table of its inputs.
void expect_float_entries_within_bound(const std::vector<uint8_t>& table, int size, const EncodedTables& exact,
                                       int extra_depth) {
  std::size_t bad = 0;
  double worst = 0;
  for (int y = 0; y < size; ++y)
    for (int x = 0; x < size; ++x) {
      const sat::f32x2 t = float_tap(table.data(), std::size_t(size) * kTexel, x, y);
      for (int c = 0; c < 2; ++c) {
        const double err = std::fabs(double(c == 0 ? t.x : t.y) - from_units(exact.sum.at(c, x, y)));
        const double bound = gamma_n(x + y + extra_depth) * from_units(exact.abs.at(c, x, y));
        if (!(err <= bound)) ++bad;
        if (bound > 0) worst = std::max(worst, err / bound);
      }
    }
  EXPECT_EQ(bad, 0u) << "table entries outside gamma_d * S_abs; worst err/bound " << worst;
}

std::string precision_name(MomentPrecision p) { return to_string(p); }

// ---------------------------------------------------------------------------------------------
// Encodings.

TEST(MomentEncoding, FixedClampsToUnitRangeAndRoundsToNearest) {
  const double s = kFixedScale;
  EXPECT_EQ(encode_fixed(-0.25f, -1.0f, s), (sat::u32x2{0, 0}));
  EXPECT_EQ(encode_fixed(1.5f, 7.0f, s), (sat::u32x2{66051u, 66051u}));
  EXPECT_EQ(encode_fixed(0.0f, 1.0f, s), (sat::u32x2{0u, 66051u}));
  // Just below and above the midpoint between two steps.
  EXPECT_EQ(encode_fixed(float(1000.49 / s), float(1000.51 / s), s), (sat::u32x2{1000u, 1001u}));
  // The largest scale: the whole uint32 range is used, nothing overflows.
  EXPECT_EQ(encode_fixed(1.0f, 1.0f, 4294967295.0), (sat::u32x2{4294967295u, 4294967295u}));
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  for (int k = 0; k < 100000; ++k) {
    const float z = unit(rng), m2 = z * z;
    const sat::u32x2 q = encode_fixed(z, m2, s);
    ASSERT_LE(std::fabs(double(q.x) - double(z) * s), 0.5 + 1e-9) << z;
    ASSERT_LE(std::fabs(double(q.y) - double(m2) * s), 0.5 + 1e-9) << m2;
  }
}

TEST(MomentEncoding, FixedScaleForArea) {
  EXPECT_EQ(fixed_scale_for_area(double(kMaxBoxTexels) * kMaxBoxTexels), kFixedScale);
  for (int size : {1, 7, 255, 256, 1024, 2048, 4096}) {
    const double area = double(size) * size, s = fixed_scale_for_area(area);
    EXPECT_LE(s * area, 4294967295.0) << size;
    EXPECT_GT((s + 1) * area, 4294967295.0) << size;
  }
  // decode_fixed divides by scale · area.
  const BoxMoments m = decode_fixed({66051u * 3u, 33025u * 3u}, 3.0, kFixedScale);
  EXPECT_DOUBLE_EQ(m.mean, 1.0);
  EXPECT_DOUBLE_EQ(m.mean_sq, 33025.0 / 66051.0);
}

TEST(MomentEncoding, FloatDecodeGivesBackMeanAndMeanSquare) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> unit(0.2f, 0.95f);
  for (bool centered : {false, true}) {
    for (int n : {1, 4, 100}) {
      double sx = 0, sy = 0, mean = 0, mean_sq = 0;
      for (int k = 0; k < n; ++k) {
        const float z = unit(rng), m2 = z * z;
        const sat::f32x2 e = encode_float(z, m2, centered);
        if (centered) {
          EXPECT_EQ(e.x, z - 0.5f);
          EXPECT_NEAR(e.y, (double(z) - 0.5) * (double(z) - 0.5), 1e-6);
        } else {
          EXPECT_EQ(e, (sat::f32x2{z, m2}));
        }
        sx += e.x;
        sy += e.y;
        mean += z;
        mean_sq += m2;
      }
      const BoxMoments m = decode_float({float(sx), float(sy)}, n, centered);
      EXPECT_NEAR(m.mean, mean / n, 1e-6) << centered << " " << n;
      EXPECT_NEAR(m.mean_sq, mean_sq / n, 1e-6) << centered << " " << n;
      EXPECT_NEAR(m.variance(), mean_sq / n - (mean / n) * (mean / n), 2e-6) << centered << " " << n;
    }
  }
  // A constant box: the centred decode gives exactly z and z² back, variance 0.
  const BoxMoments c = decode_float({4 * (0.75f - 0.5f), 4 * 0.0625f}, 4, true);
  EXPECT_DOUBLE_EQ(c.mean, 0.75);
  EXPECT_DOUBLE_EQ(c.mean_sq, 0.5625);
  EXPECT_DOUBLE_EQ(c.variance(), 0.0);
}

// ---------------------------------------------------------------------------------------------
// Tables: every precision, sizes from one texel to 2048², odd and tile-edge sizes.

class MomentTableSizes : public ::testing::TestWithParam<int> {};

TEST_P(MomentTableSizes, BoxQueriesWithinTheBoundOfEachPrecision) {
  const int size = GetParam();
  const std::vector<sat::f32x2> moments = light_view_moments(size, 1000 + size);
  const ExactTable raw = raw_table(moments, size);
  const std::size_t pitch = std::size_t(size) * kTexel;
  for (MomentPrecision p : kAllMomentPrecisions) {
    SCOPED_TRACE(precision_name(p));
    std::vector<uint8_t> encoded, scratch, table;
    encode_moments_cpu(moments.data(), size, p, encoded);
    build_moment_table_cpu(moments.data(), size, p, scratch, table);
    ASSERT_EQ(table.size(), std::size_t(size) * size * kTexel);
    Measured measured;
    if (p == MomentPrecision::Fixed32) {
      // Entries: the exact sums of the encoded texels modulo 2³².
      const auto* q = reinterpret_cast<const sat::u32x2*>(encoded.data());
      const ExactTable exact(size, [&](std::size_t i, int c) { return std::int64_t(c == 0 ? q[i].x : q[i].y); });
      const auto* t = reinterpret_cast<const sat::u32x2*>(table.data());
      std::size_t wrong = 0;
      for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x)
          for (int c = 0; c < 2; ++c) {
            const sat::u32x2 v = t[std::size_t(y) * size + x];
            wrong += (c == 0 ? v.x : v.y) != uint32_t(exact.at(c, x, y));
          }
      EXPECT_EQ(wrong, 0u) << "fixed-point entries differ from the exact sums mod 2^32";
      // Boxes within the scale's contract (sides ≤ kMaxBoxTexels): exact sums, mean within 0.5/scale.
      for (const Box& b : test_boxes(size, kMaxBoxTexels, 77 + size, 3000)) {
        const BoxMoments got = query_box(table.data(), pitch, p, b.x0, b.y0, b.x1, b.y1);
        const BoxMoments ref = reference_moments(raw, b);
        measured.add(b, got, ref, fixed_bound(kFixedScale, ref.mean));
        const double sum_x = got.mean * kFixedScale * b.area();
        ASSERT_EQ(std::llround(sum_x), exact.box(0, b.x0, b.y0, b.x1, b.y1)) << b.x0 << "," << b.y0;
      }
    } else {
      const bool centered = p == MomentPrecision::Float32Centered;
      const EncodedTables exact = encoded_tables(encoded, size);
      const int extra = cpu_extra_depth(size);
      expect_float_entries_within_bound(table, size, exact, extra);
      for (const Box& b : test_boxes(size, size, 77 + size, 3000)) {
        const BoxMoments got = query_box(table.data(), pitch, p, b.x0, b.y0, b.x1, b.y1);
        const BoxMoments ref = reference_moments(raw, b);
        measured.add(b, got, ref, float_box_bound(table.data(), pitch, centered, exact.abs, extra, b, ref.mean));
      }
    }
    measured.print(to_string(p), size);
    EXPECT_EQ(measured.failures, 0u) << measured.failures << " of " << measured.boxes
                                     << " boxes out of bound; first: " << measured.first_failure;
  }
}

// Fixed32 with the scale for the whole map, s = fixed_scale_for_area(size²): every box up to the
// full map is within the contract. moment_table.h's builder and query use kFixedScale only, so
// this builds the table with encode_fixed + sat::cpu_reference and queries it in uint32 as
// query_box does (four taps, wrap-around subtraction).
TEST_P(MomentTableSizes, Fixed32WithTheFullMapScaleCoversEveryBox) {
  const int size = GetParam();
  const std::vector<sat::f32x2> moments = light_view_moments(size, 1000 + size);
  const ExactTable raw = raw_table(moments, size);
  const double area_all = double(size) * size, scale = fixed_scale_for_area(area_all);
  std::vector<sat::u32x2> in(moments.size()), table(moments.size());
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = encode_fixed(moments[i].x, moments[i].y, scale);
  const std::size_t pitch = std::size_t(size) * kTexel;
  sat::cpu_reference({sat::ElementType::U32x2ToU32x2, {size, size}, in.data(), pitch, table.data(), pitch});
  const ExactTable exact(size, [&](std::size_t i, int c) { return std::int64_t(c == 0 ? in[i].x : in[i].y); });
  ASSERT_LE(exact.at(0, size - 1, size - 1), 4294967295) << "the full-map sum must fit in 32 bits";
  auto tap = [&](int x, int y) { return x < 0 || y < 0 ? sat::u32x2{0, 0} : table[std::size_t(y) * size + x]; };
  Measured measured;
  for (const Box& b : test_boxes(size, size, 99 + size, 2000)) {
    const sat::u32x2 sum = tap(b.x1, b.y1) - tap(b.x0 - 1, b.y1) - tap(b.x1, b.y0 - 1) + tap(b.x0 - 1, b.y0 - 1);
    ASSERT_EQ(std::int64_t(sum.x), exact.box(0, b.x0, b.y0, b.x1, b.y1));
    ASSERT_EQ(std::int64_t(sum.y), exact.box(1, b.x0, b.y0, b.x1, b.y1));
    const BoxMoments ref = reference_moments(raw, b);
    measured.add(b, decode_fixed(sum, b.area(), scale), ref, fixed_bound(scale, ref.mean));
  }
  measured.print("fixed32 s(size^2)", size);
  EXPECT_EQ(measured.failures, 0u) << measured.first_failure;
}

INSTANTIATE_TEST_SUITE_P(Sizes, MomentTableSizes, ::testing::Values(1, 7, 63, 65, 257, 1024, 2048),
                         [](const ::testing::TestParamInfo<int>& param) {
                           return "Size" + std::to_string(param.param);
                         });

// At 1024² the uint32 table of kFixedScale overflows (the full-map sum is ~4·10¹⁰): the table
// must wrap around, and box sums taken across the wrap must still be exact.
TEST(MomentTable, Fixed32WrapsAroundAndBoxSumsStayExact) {
  const int size = 1024;
  const std::vector<sat::f32x2> moments = light_view_moments(size, 5);
  const ExactTable raw = raw_table(moments, size);
  std::vector<uint8_t> scratch, table;
  build_moment_table_cpu(moments.data(), size, MomentPrecision::Fixed32, scratch, table);
  const auto* t = reinterpret_cast<const sat::u32x2*>(table.data());
  std::size_t wraps = 0;
  for (int y = 0; y < size; ++y)
    for (int x = 1; x < size; ++x) wraps += t[std::size_t(y) * size + x].x < t[std::size_t(y) * size + x - 1].x;
  std::printf("  fixed32 1024^2: %zu entries below their left neighbour (wrapped)\n", wraps);
  EXPECT_GT(wraps, 0u) << "the table never wrapped: the test does not exercise wrap-around";
  // Boxes in the far corner, where every tap has wrapped many times.
  std::mt19937 rng(3);
  std::uniform_int_distribution<int> side(1, kMaxBoxTexels);
  Measured measured;
  for (int k = 0; k < 2000; ++k) {
    const int w = side(rng), h = side(rng);
    const int x0 = std::uniform_int_distribution<int>(size / 2, size - w)(rng);
    const int y0 = std::uniform_int_distribution<int>(size / 2, size - h)(rng);
    const Box b{x0, y0, x0 + w - 1, y0 + h - 1};
    const BoxMoments ref = reference_moments(raw, b);
    measured.add(b,
                 query_box(table.data(), std::size_t(size) * kTexel, MomentPrecision::Fixed32, b.x0, b.y0, b.x1, b.y1),
                 ref, fixed_bound(kFixedScale, ref.mean));
  }
  measured.print("fixed32 wrapped", size);
  EXPECT_EQ(measured.failures, 0u) << measured.first_failure;
}

// The fix matters. Small boxes (≤ 16×16) far from the origin of a 2048² map: the fp32 variance
// error must exceed both the demo's minimum-variance clamp (ShadowSettings::min_variance = 1e-5:
// a larger error is a visible artifact) and 20× the Fixed32 bound 3ε + ε² (ε = 0.5/kFixedScale,
// ≈ 2.3e-5), while Fixed32 stays within that bound and Float32Centered does better than Float32.
TEST(MomentTable, PrecisionFixMattersForSmallBoxesFarFromTheOrigin) {
  const int size = 2048;
  const std::vector<sat::f32x2> moments = light_view_moments(size, 2048);
  const ExactTable raw = raw_table(moments, size);
  std::mt19937 rng(17);
  std::uniform_int_distribution<int> side(1, 16);
  std::vector<Box> boxes;
  for (int k = 0; k < 4000; ++k) {
    const int w = side(rng), h = side(rng);
    const int x0 = std::uniform_int_distribution<int>(size / 2 + 1, size - w)(rng);
    const int y0 = std::uniform_int_distribution<int>(size / 2 + 1, size - h)(rng);
    boxes.push_back({x0, y0, x0 + w - 1, y0 + h - 1});
  }
  const double eps = 0.5 / kFixedScale, fixed_var_bound = 3 * eps + eps * eps;
  double max_var[3] = {0, 0, 0};
  for (MomentPrecision p : kAllMomentPrecisions) {
    std::vector<uint8_t> scratch, table;
    build_moment_table_cpu(moments.data(), size, p, scratch, table);
    double& worst = max_var[int(p)];
    double worst_mean = 0;
    for (const Box& b : boxes) {
      const BoxMoments got = query_box(table.data(), std::size_t(size) * kTexel, p, b.x0, b.y0, b.x1, b.y1);
      const BoxMoments ref = reference_moments(raw, b);
      worst = std::max(worst, std::fabs(got.variance() - ref.variance()));
      worst_mean = std::max(worst_mean, std::fabs(got.mean - ref.mean));
    }
    std::printf("  fix matters, 2048^2, boxes <= 16x16 beyond (1024, 1024): %-13s max |dvar| %.3e, max |dmean| %.3e\n",
                to_string(p), worst, worst_mean);
    RecordProperty(std::string("max_variance_error_") + to_string(p), std::to_string(worst));
  }
  const double fp32 = max_var[int(MomentPrecision::Float32)];
  const double centered = max_var[int(MomentPrecision::Float32Centered)];
  const double fixed = max_var[int(MomentPrecision::Fixed32)];
  EXPECT_LE(fixed, fixed_var_bound);
  EXPECT_GT(fp32, 1e-5) << "fp32 variance error below the min-variance clamp: the fix would not matter";
  EXPECT_GT(fp32, 20 * fixed_var_bound);
  EXPECT_LT(centered, fp32);
}

}  // namespace
}  // namespace satlab::shadows
