// sat::cpu_reference against the definition b[i][j] = Σ_{i' ≤ i, j' ≤ j} a[i'][j'] (summed
// pixel by pixel, O(w²h²)) on small seeded random sizes, for every element type; plus the
// documented example, wrap-around of the integer tables, and the rows' padding left alone.
// Also checks the suites' own wide reference (sat_test_util) against the same definition, since
// the GPU suite trusts it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "sat/sat.h"
#include "sat_test_util.h"

namespace sat {
namespace {

using test::Fill;
using test::HostImage;

constexpr int kReferenceDepth = 2;  // cpu_reference: row chain + column chain + 2 (float_tolerance)

// Small sizes: corners of the definition (single rows/columns) and seeded random ones.
std::vector<Extent> small_sizes(std::uint64_t seed) {
  std::vector<Extent> sizes = {{1, 1}, {37, 1}, {1, 37}, {2, 2}, {3, 3}, {5, 2}, {2, 5}};
  std::mt19937_64 rng(seed);
  for (int k = 0; k < 12; ++k) sizes.push_back({int(1 + rng() % 40), int(1 + rng() % 40)});
  return sizes;
}

std::string describe(Extent e) { return std::to_string(e.height) + "x" + std::to_string(e.width) + " (h x w)"; }

// Runs cpu_reference (or cpu_parallel when threads ≥ 0) on `img` with padded rows (or packed)
// and poisoned output; checks the padding is left alone. Returns the packed-or-pitched output.
struct HostRun {
  std::vector<unsigned char> out;
  std::size_t out_pitch = 0;
};

HostRun run_cpu(const HostImage& img, bool padded, int threads = -1) {
  const ElementType t = img.type;
  const std::size_t in_pitch = img.row_bytes() + (padded ? 3 * input_alignment(t) : 0);
  const std::size_t out_row = std::size_t(img.extent.width) * output_element_size(t);
  HostRun r;
  r.out_pitch = out_row + (padded ? 5 * output_alignment(t) : 0);
  // 16-byte aligned storage for every output type (vector<unsigned char> only guarantees new's
  // alignment, which is 16 on the platforms we build for; checked below).
  std::vector<unsigned char> in = test::to_pitched(img, in_pitch, 0, 0xFF);
  r.out.assign(test::plane_bytes(img.extent, r.out_pitch, output_element_size(t)), 0xA5);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(r.out.data()) % 16, 0u);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(in.data()) % 8, 0u);
  const std::vector<unsigned char> in_before = in;
  Problem p{t, img.extent, in.data(), in_pitch, r.out.data(), r.out_pitch};
  if (threads < 0)
    cpu_reference(p);
  else
    cpu_parallel(p, threads);
  EXPECT_EQ(in, in_before) << "the input was modified";
  const std::string pad =
      test::check_padding(r.out.data(), r.out.size(), 0, r.out_pitch, out_row, img.extent.height, 0xA5);
  EXPECT_TRUE(pad.empty()) << pad;
  return r;
}

class CpuReference : public ::testing::TestWithParam<ElementType> {};

TEST_P(CpuReference, MatchesBruteForceDefinitionOnSmallRandomSizes) {
  const ElementType t = GetParam();
  const std::uint64_t seed = test::mix_seed(test::master_seed(), std::uint64_t(t), 1);
  int n = 0;
  for (Extent e : small_sizes(seed)) {
    for (Fill fill : {Fill::Signed, Fill::Positive}) {
      if (fill == Fill::Positive && !test::is_float(t)) continue;
      const std::uint64_t image_seed = test::mix_seed(seed, std::uint64_t(e.width), std::uint64_t(e.height), n++);
      SCOPED_TRACE(describe(e) + " seed " + std::to_string(image_seed) + (fill == Fill::Positive ? " positive" : ""));
      const HostImage img = test::random_input(t, e, image_seed, fill);
      const test::Reference brute = test::brute_force_sat(img);
      for (bool padded : {false, true}) {
        SCOPED_TRACE(padded ? "padded rows" : "packed rows");
        const HostRun r = run_cpu(img, padded);
        const test::Comparison cmp = test::compare_output(brute, r.out.data(), r.out_pitch, kReferenceDepth);
        ASSERT_TRUE(cmp.ok) << cmp.message;
      }
    }
  }
}

// The wide O(n²) reference of the test support (used by the GPU suite) is the definition too.
TEST_P(CpuReference, TestSupportReferenceMatchesBruteForce) {
  const ElementType t = GetParam();
  const std::uint64_t seed = test::mix_seed(test::master_seed(), std::uint64_t(t), 2);
  int n = 0;
  for (Extent e : small_sizes(seed)) {
    const std::uint64_t image_seed = test::mix_seed(seed, n++);
    SCOPED_TRACE(describe(e) + " seed " + std::to_string(image_seed));
    const HostImage img = test::random_input(t, e, image_seed);
    const test::Reference brute = test::brute_force_sat(img), wide = test::reference_sat(img);
    if (!test::is_float(t)) {
      ASSERT_EQ(brute.exact, wide.exact);
      continue;
    }
    ASSERT_EQ(brute.sum.size(), wide.sum.size());
    for (std::size_t k = 0; k < brute.sum.size(); ++k) {
      ASSERT_LE(std::fabs(brute.sum[k] - wide.sum[k]), 1e-12 * brute.abs_sum[k]) << "scalar " << k;
      ASSERT_LE(std::fabs(brute.abs_sum[k] - wide.abs_sum[k]), 1e-12 * brute.abs_sum[k]) << "scalar " << k;
    }
  }
}

// Larger sizes against the wide reference (the brute force would be too slow).
TEST_P(CpuReference, MatchesWideReferenceOnMediumSizes) {
  const ElementType t = GetParam();
  int n = 0;
  for (Extent e : {Extent{517, 300}, Extent{3, 1000}, Extent{1000, 3}, Extent{129, 129}}) {
    const std::uint64_t image_seed = test::mix_seed(test::master_seed(), std::uint64_t(t), 3, n++);
    SCOPED_TRACE(describe(e) + " seed " + std::to_string(image_seed));
    const HostImage img = test::random_input(t, e, image_seed);
    const HostRun r = run_cpu(img, n % 2 == 0);
    const test::Comparison cmp =
        test::compare_output(test::reference_sat(img), r.out.data(), r.out_pitch, kReferenceDepth);
    ASSERT_TRUE(cmp.ok) << cmp.message;
  }
}

// The example of sat.h: a 3×3 image of ones gives 1 2 3 / 2 4 6 / 3 6 9 in every channel.
TEST_P(CpuReference, DocumentedExample) {
  const ElementType t = GetParam();
  const HostImage img = test::constant_input(t, {3, 3}, 1.0);
  const HostRun r = run_cpu(img, false);
  const int C = test::output_channels(t);
  const std::size_t scalar = test::output_scalar_size(t);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      for (int c = 0; c < C; ++c) {
        const unsigned char* at = r.out.data() + r.out_pitch * i + output_element_size(t) * j + scalar * c;
        double v;
        if (test::is_float(t)) {
          float f;
          std::memcpy(&f, at, 4);
          v = f;
        } else if (scalar == 4) {
          std::uint32_t u;
          std::memcpy(&u, at, 4);
          v = u;
        } else {
          std::uint64_t u;
          std::memcpy(&u, at, 8);
          v = double(u);
        }
        EXPECT_EQ(v, double((i + 1) * (j + 1))) << "at (" << i << ", " << j << ") channel " << c;
      }
}

INSTANTIATE_TEST_SUITE_P(AllTypes, CpuReference, ::testing::ValuesIn(kAllElementTypes),
                         [](const ::testing::TestParamInfo<ElementType>& p) { return test::short_name(p.param); });

// U8ToU32 wraps modulo 2³²: an image of 255s with more than 16 843 009 pixels overflows the
// corner, yet a box of fewer pixels evaluated in uint32 is exact. cpu_parallel gives the same bits.
TEST(CpuReferenceWrapAround, U8ToU32BoxSumsStayExact) {
  const Extent e{4096, 4200};  // 17 203 200 pixels
  const HostImage img = test::constant_input(ElementType::U8ToU32, e, 255);
  std::vector<std::uint32_t> out(std::size_t(e.width) * e.height, 0xA5A5A5A5u);
  const Problem p{ElementType::U8ToU32, e,          img.bytes.data(),
                  std::size_t(e.width), out.data(), std::size_t(e.width) * 4};
  cpu_reference(p);
  auto b = [&](int i, int j) { return out[std::size_t(i) * e.width + j]; };
  const std::uint64_t total = std::uint64_t(e.width) * e.height * 255;
  ASSERT_GT(total, std::uint64_t(1) << 32) << "the test must overflow the corner";
  EXPECT_EQ(b(e.height - 1, e.width - 1), std::uint32_t(total));
  // Rows 200..4199, columns 1..4095: 4000 · 4095 · 255 = 4 176 900 000 < 2³².
  const std::uint32_t box = b(4199, 4095) - b(199, 4095) - b(4199, 0) + b(199, 0);
  EXPECT_EQ(box, std::uint32_t(4000u * 4095u * 255u));

  std::vector<std::uint32_t> par(out.size(), 0);
  Problem pp = p;
  pp.output = par.data();
  cpu_parallel(pp, 0);
  EXPECT_TRUE(out == par) << "cpu_parallel differs from cpu_reference after wrap-around";
}

// U32x2ToU32x2 wraps modulo 2³² per channel (fixed-point moments of a variance shadow map). Channel
// x holds values near 2³² except in a box of small ones, channel y full-range random values: every
// table value is the definition's sum truncated to 32 bits, channels do not mix, the small box's
// sum evaluated from four wrapped table values is exact, and cpu_parallel gives the same bits.
TEST(CpuReferenceWrapAround, U32x2BoxSumsStayExact) {
  const Extent e{23, 17};
  const int top = 4, bottom = 12, left = 5, right = 19;  // the box of small values, inclusive
  std::vector<u32x2> in(std::size_t(e.width) * e.height);
  std::mt19937_64 rng(test::mix_seed(test::master_seed(), 97));
  for (int i = 0; i < e.height; ++i)
    for (int j = 0; j < e.width; ++j) {
      const bool inside = i >= top && i <= bottom && j >= left && j <= right;
      const std::uint32_t k = std::uint32_t(i * e.width + j);
      in[std::size_t(i) * e.width + j] = {inside ? 1000u * k + 7u : 0xFFFFFFFFu - 977u * k, std::uint32_t(rng())};
    }
  std::vector<u32x2> out(in.size(), u32x2{0xA5A5A5A5u, 0xA5A5A5A5u});
  const Problem p{ElementType::U32x2ToU32x2, e,          in.data(),
                  std::size_t(e.width) * 8,  out.data(), std::size_t(e.width) * 8};
  cpu_reference(p);

  // The definition in uint64, per channel.
  auto at = [&](const std::vector<u32x2>& t, int i, int j) { return t[std::size_t(i) * e.width + j]; };
  auto sum = [&](std::uint32_t u32x2::*channel, int i0, int j0, int i1, int j1) {
    std::uint64_t s = 0;
    for (int i = i0; i <= i1; ++i)
      for (int j = j0; j <= j1; ++j) s += at(in, i, j).*channel;
    return s;
  };
  auto sum_x = [&](int i0, int j0, int i1, int j1) { return sum(&u32x2::x, i0, j0, i1, j1); };
  auto sum_y = [&](int i0, int j0, int i1, int j1) { return sum(&u32x2::y, i0, j0, i1, j1); };
  ASSERT_GT(sum_x(0, 0, e.height - 1, e.width - 1), std::uint64_t(1) << 32) << "the test must overflow channel x";
  ASSERT_GT(sum_y(0, 0, e.height - 1, e.width - 1), std::uint64_t(1) << 32) << "the test must overflow channel y";
  for (int i = 0; i < e.height; ++i)
    for (int j = 0; j < e.width; ++j) {
      const u32x2 want{std::uint32_t(sum_x(0, 0, i, j)), std::uint32_t(sum_y(0, 0, i, j))};
      ASSERT_TRUE(at(out, i, j) == want) << "at (" << i << ", " << j << "): got (" << at(out, i, j).x << ", "
                                         << at(out, i, j).y << "), expected (" << want.x << ", " << want.y << ")";
    }

  // The box's true sum fits in 32 bits although every table value around it has wrapped.
  const std::uint64_t box_true = sum_x(top, left, bottom, right);
  ASSERT_LT(box_true, std::uint64_t(1) << 32);
  const u32x2 box =
      at(out, bottom, right) - at(out, top - 1, right) - at(out, bottom, left - 1) + at(out, top - 1, left - 1);
  EXPECT_EQ(box.x, std::uint32_t(box_true));
  EXPECT_EQ(box.y, std::uint32_t(sum_y(top, left, bottom, right)));  // wrapped, but modulo 2³² still right

  std::vector<u32x2> par(out.size(), u32x2{0, 0});
  Problem pp = p;
  pp.output = par.data();
  for (int threads : {0, 1, 3, 8}) {
    SCOPED_TRACE("threads " + std::to_string(threads));
    cpu_parallel(pp, threads);
    EXPECT_TRUE(std::equal(out.begin(), out.end(), par.begin(), [](u32x2 a, u32x2 b) { return a == b; }))
        << "cpu_parallel differs from cpu_reference after wrap-around";
  }
}

// u8x4 channels are independent: a pixel (1, 2, 3, 4) gives (k, 2k, 3k, 4k) in the corner.
TEST(CpuReferenceChannels, U8x4ChannelsDoNotMix) {
  const Extent e{7, 5};
  HostImage img;
  img.type = ElementType::U8x4ToU32x4;
  img.extent = e;
  for (int k = 0; k < e.width * e.height; ++k) img.bytes.insert(img.bytes.end(), {1, 2, 3, 4});
  std::vector<u32x4> out(std::size_t(e.width) * e.height);
  cpu_reference({img.type, e, img.bytes.data(), std::size_t(e.width) * 4, out.data(), std::size_t(e.width) * 16});
  const std::uint32_t n = std::uint32_t(e.width * e.height);
  EXPECT_TRUE(out.back() == (u32x4{n, 2 * n, 3 * n, 4 * n}));
}

// SumSq holds Σx and Σx², U8ToU64Squares holds Σx²: one pixel of 200 → 200 and 40000.
TEST(CpuReferenceChannels, SquaresAndSumSq) {
  const unsigned char px = 200;
  SumSq s{};
  std::uint64_t sq = 0;
  cpu_reference({ElementType::U8ToSumSq, {1, 1}, &px, 1, &s, 16});
  cpu_reference({ElementType::U8ToU64Squares, {1, 1}, &px, 1, &sq, 8});
  EXPECT_EQ(s.sum, 200u);
  EXPECT_EQ(s.sq, 40000u);
  EXPECT_EQ(sq, 40000u);
}

}  // namespace
}  // namespace sat
