// 16-bit input tables on the CPU paths: the wrap-around rule of u16 → u32 (a box of up to 65 537
// pixels of 65535 evaluated from four wrapped table values is exact, one more pixel is not),
// u16 → u64 and u16 → SumSq exact on images whose sums pass 2³², u16x4 channels independent, and
// cpu_parallel giving cpu_reference's bits. Random full-range images of every type against the
// definition are in cpu_reference_test.cpp and cpu_parallel_test.cpp (kAllElementTypes).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "sat/sat.h"
#include "sat_test_util.h"

namespace sat {
namespace {

constexpr std::uint16_t kMax = 65535;

// An all-65535 u16 → u32 table of `e`, from cpu_reference and (checked equal) cpu_parallel.
std::vector<std::uint32_t> full_u32_table(Extent e) {
  const std::vector<std::uint16_t> in(std::size_t(e.width) * e.height, kMax);
  std::vector<std::uint32_t> out(in.size(), 0xA5A5A5A5u);
  const Problem p{ElementType::U16ToU32, e, in.data(), std::size_t(e.width) * 2, out.data(), std::size_t(e.width) * 4};
  cpu_reference(p);
  for (int threads : {0, 1, 3, 8}) {
    std::vector<std::uint32_t> par(out.size(), 0);
    Problem pp = p;
    pp.output = par.data();
    cpu_parallel(pp, threads);
    EXPECT_TRUE(par == out) << "cpu_parallel (threads " << threads << ") differs from cpu_reference";
  }
  return out;
}

// The box of rows top … bottom and columns left … right (inclusive) from four table values, in
// uint32 as the table wraps; top or left 0 reads the missing corners as 0.
std::uint32_t box_u32(const std::vector<std::uint32_t>& t, Extent e, int top, int left, int bottom, int right) {
  auto b = [&](int i, int j) { return i < 0 || j < 0 ? 0u : t[std::size_t(i) * e.width + j]; };
  return b(bottom, right) - b(top - 1, right) - b(bottom, left - 1) + b(top - 1, left - 1);
}

// 257 × 255 = 65 535 pixels of 65535 sum to 65535² = 4 294 836 225 < 2³², in an image whose corner
// (84 000 pixels) has wrapped.
TEST(U16ToU32WrapAround, A257x255BoxOfMaxPixelsStaysExact) {
  const Extent e{280, 300};
  const std::vector<std::uint32_t> t = full_u32_table(e);
  const std::uint64_t corner = std::uint64_t(e.width) * e.height * kMax;
  ASSERT_GT(corner, std::uint64_t(1) << 32) << "the test must wrap the corner";
  EXPECT_EQ(t.back(), std::uint32_t(corner));
  const int top = 10, left = 7, bottom = top + 257 - 1, right = left + 255 - 1;
  EXPECT_EQ(box_u32(t, e, top, left, bottom, right), std::uint32_t(std::uint64_t(257) * 255 * kMax));
  EXPECT_EQ(box_u32(t, e, top, left, bottom, right), 4294836225u);
}

// 65 537 pixels of 65535 sum to 65537 · 65535 = 2³² − 1: the largest box u16 → u32 keeps exact
// (65 537 is prime: a 1 × 65 537 row). 65 538 pixels pass 2³² and come back wrapped.
TEST(U16ToU32WrapAround, A65537PixelBoxIsTheLargestExactOne) {
  const Extent e{65540, 3};
  const std::vector<std::uint32_t> t = full_u32_table(e);
  ASSERT_GT(std::uint64_t(e.width) * e.height * kMax, std::uint64_t(1) << 32);
  EXPECT_EQ(box_u32(t, e, 1, 2, 1, 2 + 65537 - 1), 4294967295u);
  EXPECT_EQ(box_u32(t, e, 1, 1, 1, 1 + 65537 - 1), std::uint32_t(std::uint64_t(65537) * kMax));
  // A 65 537-pixel box read off the wrapped rows 1 and 2 of the table, away from the top-left edge.
  EXPECT_EQ(box_u32(t, e, 2, 3, 2, 3 + 65537 - 1), 4294967295u);
  const std::uint64_t too_big = std::uint64_t(65538) * kMax;
  EXPECT_NE(std::uint64_t(box_u32(t, e, 1, 1, 1, 65538)), too_big) << "65 538 pixels of 65535 cannot fit 32 bits";
  EXPECT_EQ(box_u32(t, e, 1, 1, 1, 65538), std::uint32_t(too_big));
}

// u16 → u64: every table value of a large all-65535 image is exact, (i + 1)(j + 1) · 65535,
// far past 2³² (the corner ≈ 1.1 · 10¹²).
TEST(U16ToU64, ExactOnALargeImage) {
  const Extent e{4096, 4100};
  const std::vector<std::uint16_t> in(std::size_t(e.width) * e.height, kMax);
  std::vector<std::uint64_t> out(in.size(), 0), par(in.size(), 1);
  const Problem p{ElementType::U16ToU64, e, in.data(), std::size_t(e.width) * 2, out.data(), std::size_t(e.width) * 8};
  cpu_reference(p);
  Problem pp = p;
  pp.output = par.data();
  cpu_parallel(pp, 0);
  EXPECT_TRUE(par == out) << "cpu_parallel differs from cpu_reference";
  std::size_t wrong = 0;
  for (int i = 0; i < e.height; ++i)
    for (int j = 0; j < e.width; ++j)
      wrong += out[std::size_t(i) * e.width + j] != std::uint64_t(i + 1) * std::uint64_t(j + 1) * kMax;
  EXPECT_EQ(wrong, 0u);
  EXPECT_EQ(out.back(), std::uint64_t(e.width) * e.height * kMax);
  EXPECT_GT(out.back(), std::uint64_t(1) << 40);
}

// u16 → SumSq: Σx² of 65535s passes 2³² at the first pixel (65535² = 4 294 836 225) and stays exact.
TEST(U16ToSumSq, SquaresAreSixtyFourBit) {
  const std::uint16_t px = kMax;
  SumSq s{};
  cpu_reference({ElementType::U16ToSumSq, {1, 1}, &px, 2, &s, 16});
  EXPECT_EQ(s.sum, 65535u);
  EXPECT_EQ(s.sq, 4294836225u);

  const Extent e{1030, 1050};
  const std::vector<std::uint16_t> in(std::size_t(e.width) * e.height, kMax);
  std::vector<SumSq> out(in.size()), par(in.size());
  const Problem p{ElementType::U16ToSumSq,  e,          in.data(),
                  std::size_t(e.width) * 2, out.data(), std::size_t(e.width) * 16};
  cpu_reference(p);
  Problem pp = p;
  pp.output = par.data();
  cpu_parallel(pp, 3);
  const std::uint64_t n = std::uint64_t(e.width) * e.height;
  EXPECT_EQ(out.back().sum, n * kMax);
  EXPECT_EQ(out.back().sq, n * 4294836225u);
  bool same = true;
  for (std::size_t k = 0; k < out.size(); ++k) same = same && out[k] == par[k];
  EXPECT_TRUE(same) << "cpu_parallel differs from cpu_reference";
}

// u16x4 channels are independent: pixels (1, 1000, 65535, 7) give (k, 1000k, 65535k, 7k) in the corner.
TEST(U16x4ToU32x4, ChannelsDoNotMix) {
  const Extent e{7, 5};
  const std::vector<u16x4> in(std::size_t(e.width) * e.height, u16x4{1, 1000, kMax, 7});
  std::vector<u32x4> out(in.size());
  cpu_reference(
      {ElementType::U16x4ToU32x4, e, in.data(), std::size_t(e.width) * 8, out.data(), std::size_t(e.width) * 16});
  const std::uint32_t n = std::uint32_t(e.width * e.height);
  EXPECT_TRUE(out.back() == (u32x4{n, 1000 * n, 65535 * n, 7 * n}));
}

// Random full-range 16-bit images at odd sizes and tile edges, pitched (odd-looking, even pitches)
// and packed: cpu_reference and cpu_parallel against the suite's wide reference.
TEST(U16Tables, RandomFullRangeImagesMatchTheReference) {
  for (ElementType t :
       {ElementType::U16ToU32, ElementType::U16ToU64, ElementType::U16ToSumSq, ElementType::U16x4ToU32x4})
    for (Extent e : {Extent{1, 1}, Extent{17, 31}, Extent{65, 129}, Extent{1081, 1921}}) {
      const std::uint64_t seed = test::mix_seed(test::master_seed(), std::uint64_t(t), std::uint64_t(e.width));
      SCOPED_TRACE(std::string(to_string(t)) + ", " + std::to_string(e.height) + "x" + std::to_string(e.width) +
                   " (h x w), seed " + std::to_string(seed));
      const test::HostImage img = test::random_input(t, e, seed);
      // Full range: some pixel at or above 2^15 (a generator of small values would miss the top bits).
      bool high = e.width * e.height < 16;
      for (std::size_t k = 1; k < img.bytes.size(); k += 2) high = high || img.bytes[k] >= 0x80;
      EXPECT_TRUE(high) << "the random input has no pixel of 32768 or more";
      const test::Reference ref = test::reference_sat(img);
      for (std::size_t extra : {std::size_t(0), std::size_t(3)}) {
        const std::size_t in_pitch = img.row_bytes() + extra * input_alignment(t);
        const std::size_t out_pitch = std::size_t(e.width) * output_element_size(t) + extra * output_alignment(t);
        const std::vector<unsigned char> in = test::to_pitched(img, in_pitch, 0, 0xFF);
        for (int threads : {-1, 0, 3}) {
          std::vector<unsigned char> out(test::plane_bytes(e, out_pitch, output_element_size(t)), 0xA5);
          const Problem p{t, e, in.data(), in_pitch, out.data(), out_pitch};
          if (threads < 0)
            cpu_reference(p);
          else
            cpu_parallel(p, threads);
          const test::Comparison c = test::compare_output(ref, out.data(), out_pitch);
          EXPECT_TRUE(c.ok) << "pitch extra " << extra << ", threads " << threads << ": " << c.message;
        }
      }
    }
}

}  // namespace
}  // namespace sat
