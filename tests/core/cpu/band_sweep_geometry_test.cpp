// The host side of the band-sweep prototype (algorithms/band_sweep/): bands and chunks of an
// image, the look-back state's layout, the rounding bound's addition depth, and the reference
// check the bench and the GPU tests use (it must accept an exact table and reject a wrong one).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "algorithms/band_sweep/policy.h"
#include "algorithms/band_sweep/reference.h"

namespace sat::detail::band_sweep {
namespace {

TEST(BandSweepGrid, CountsPartialBandsAndChunks) {
  const Grid g = Grid::of(1080, 1920, 32, 128);
  EXPECT_EQ(g.bands, 34);  // 1080 = 33·32 + 24: a partial last band
  EXPECT_EQ(g.chunks, 15);
  const Grid one = Grid::of(1, 1, 64, 128);
  EXPECT_EQ(one.bands, 1);
  EXPECT_EQ(one.chunks, 1);
  EXPECT_EQ(Grid::of(33, 129, 32, 128).bands, 2);
  EXPECT_EQ(Grid::of(33, 129, 32, 128).chunks, 2);
}

TEST(BandSweepPolicy, DecoupledRingHoldsLoadingScannedAndParkedChunks) {
  using D = DecoupledPolicy<32, 128, 2, 3, 2, 8>;
  EXPECT_TRUE(D::kDecoupled);
  EXPECT_FALSE((Policy<32, 128, 4, 3, 4>::kDecoupled));
  EXPECT_EQ(D::kStages, 2 + 1 + 3);  // loading ahead, being scanned, parked
  EXPECT_EQ(D::kPrefetch, 2);
  EXPECT_EQ(D::kParked, 3);
  EXPECT_EQ(D::kThreads, 8 * 32 + 32);
  EXPECT_EQ(D::kRowsPerWarp, 4);
}

TEST(BandSweepLayout, VectorsAfterTheHeaderAlignedAndDisjoint) {
  const Grid g = Grid::of(1000, 1001, 16, 64);  // 63 bands × 16 chunks
  const Layout l = Layout::of(g, 64);
  const std::size_t vectors = std::size_t(63) * 16 * 64 * 8;  // one 8-byte word per column
  EXPECT_EQ(l.aggregate, Layout::kHeaderBytes);
  EXPECT_EQ(l.aggregate % 256, 0u);
  EXPECT_EQ(l.inclusive % 256, 0u);
  EXPECT_GE(l.inclusive, l.aggregate + vectors);
  EXPECT_GE(l.bytes, l.inclusive + vectors);
  EXPECT_LT(l.bytes, l.inclusive + vectors + 256);
}

TEST(BandSweepDepth, GrowsWithChunksAndBands) {
  const Grid small = Grid::of(64, 128, 32, 128), large = Grid::of(6400, 12800, 32, 128);
  const int d_small = addition_depth(small, 32, 128, 8), d_large = addition_depth(large, 32, 128, 8);
  // 4 (lane) + 6 (warp scan) + 4 (rows of a warp) + 8 (warps) + 1 chunk + 2 bands + 2
  EXPECT_EQ(d_small, 27);
  EXPECT_EQ(d_large - d_small, (100 - 1) + (200 - 2));
}

TEST(BandSweepReference, AcceptsTheExactTableAndRejectsAnOffByOne) {
  const std::vector<float> in = {1, 2, 3, 4, 5, 6};  // 2 × 3
  std::vector<float> got = {1, 3, 6, 5, 12, 21};
  EXPECT_EQ(mismatch_against_reference(in, got, 2, 3, 10), "");
  got[4] = 13;
  const std::string m = mismatch_against_reference(in, got, 2, 3, 10);
  EXPECT_NE(m.find("row 1, col 1"), std::string::npos) << m;
  got[4] = 12;
  got[5] = std::nanf("");
  EXPECT_NE(mismatch_against_reference(in, got, 2, 3, 10), "");  // NaN is never within a bound
}

TEST(BandSweepReference, BoundScalesWithTheAbsoluteSum) {
  // 1 + 2⁻²⁰ − 1 in floats: the bound is relative to Σ|x| (≈ 2), not to the tiny exact result.
  const std::vector<float> in = {1.0f, 1.0f / (1 << 20), -1.0f};
  std::vector<float> got = {1.0f, 1.0f + 1.0f / (1 << 20), 1.0f / (1 << 20)};
  EXPECT_EQ(mismatch_against_reference(in, got, 1, 3, 3), "");
  got[2] = 1.0f / (1 << 10);  // far outside 3·2⁻²⁴·2
  EXPECT_NE(mismatch_against_reference(in, got, 1, 3, 3), "");
}

}  // namespace
}  // namespace sat::detail::band_sweep
