// The host geometry of 1R1W-SKSS-LB: tile grid, ticket space, persistent launch size, and the
// look-back workspace layout (every array aligned, none overlapping, the total what
// sat::workspace_size asks for), the layout keys, and when a workspace the library owns needs the
// look-back's reset launch; which calls run the ring kernel.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "algorithms/skss_lb/tile_grid.h"
#include "lookback/layout.h"
#include "sat/detail/workspace_history.h"
#include "sat/sat.h"
#include "tuning/tile_policy.h"

namespace sat::detail {
namespace {

TEST(LbTileGrid, CountsPartialTilesAndPlanes) {
  const LbTileGrid g = LbTileGrid::of(1080, 1920, 128, 3);
  EXPECT_EQ(g.tiles_y, 9);  // 1080 = 8·128 + 56: a partial ninth row of tiles
  EXPECT_EQ(g.tiles_x, 15);
  EXPECT_EQ(g.tiles_per_plane(), 135);
  EXPECT_EQ(g.ticket_space(), 405);
  const LbTileGrid one = LbTileGrid::of(1, 1, 64, 1);
  EXPECT_EQ(one.ticket_space(), 1);
}

TEST(LbTileGrid, PersistentLaunchNeverExceedsTheTiles) {
  const LbTileGrid small = LbTileGrid::of(300, 200, 128, 1);  // 3 × 2 tiles
  EXPECT_EQ(small.persistent_blocks(2, 132), 6);
  const LbTileGrid big = LbTileGrid::of(8192, 8192, 128, 1);
  EXPECT_EQ(big.persistent_blocks(2, 132), 264);
}

// The ring kernel runs where a block gets at least two tiles, for 4- and 16-byte sums at any size
// past that, never for 8-byte sums (tuning/tile_policy.h).
TEST(RingKernelChoice, FollowsTheTilesPerBlock) {
  EXPECT_FALSE(ring_for(4, 263, 132));
  EXPECT_TRUE(ring_for(4, 264, 132));
  EXPECT_TRUE(ring_for(4, 4224, 132));
  EXPECT_TRUE(ring_for(4, 1000000, 132));
  EXPECT_FALSE(ring_for(16, 131, 132));
  EXPECT_TRUE(ring_for(16, 264, 132));
  EXPECT_TRUE(ring_for(16, 1000000, 132));
  EXPECT_FALSE(ring_for(8, 4096, 132));
}

void expect_disjoint_and_aligned(const LookBackLayout& l, std::int64_t tiles, int w, int words) {
  const std::size_t entry = 8 * std::size_t(words);
  EXPECT_EQ(l.entry_bytes(), entry);
  std::vector<std::pair<std::size_t, std::size_t>> arrays;  // [offset, end)
  for (std::size_t v : {l.lrs, l.grs, l.lcs, l.gcs}) arrays.push_back({v, v + std::size_t(tiles) * w * entry});
  for (std::size_t v : {l.gls, l.gs, l.ls}) arrays.push_back({v, v + std::size_t(tiles) * entry});
  std::sort(arrays.begin(), arrays.end());
  EXPECT_GE(arrays.front().first, LookBackLayout::kHeaderBytes);  // the header keeps its slot
  for (std::size_t k = 0; k < arrays.size(); ++k) {
    EXPECT_EQ(arrays[k].first % LookBackLayout::kAlign, 0u);
    if (k > 0) {
      EXPECT_LE(arrays[k - 1].second, arrays[k].first);
    }
  }
  EXPECT_GE(l.bytes, arrays.back().second);
  EXPECT_EQ(l.bytes % 16, 0u);
  EXPECT_EQ(l.body_bytes(), l.bytes - LookBackLayout::kHeaderBytes);
}

// One 64-bit word per 32 bits of the sum: 4-, 8- and 16-byte sums.
TEST(LookBackLayout, ArraysAreAlignedAndDisjoint) {
  for (std::int64_t tiles : {1, 3, 7, 135, 540, 4096})
    for (int words : {1, 2, 4})
      for (int w : {32, 64, 128}) expect_disjoint_and_aligned(LookBackLayout::packed(tiles, w, words), tiles, w, words);
}

TEST(LookBackLayout, IsWhatWorkspaceSizeAsksFor) {
  Options o;
  o.algorithm = Algorithm::SkssLb1R1W;
  o.tile = 128;
  const Extent e{1920, 1080};
  EXPECT_EQ(workspace_size(ElementType::F32ToF32, e, o), LookBackLayout::packed(135, 128, 1).bytes);
  o.tile = 64;
  EXPECT_EQ(workspace_size(ElementType::U8x4ToU32x4, e, o), LookBackLayout::packed(17 * 30, 64, 4).bytes);
  EXPECT_EQ(workspace_size(ElementType::U8ToSumSq, e, o), LookBackLayout::packed(17 * 30, 64, 4).bytes);
  EXPECT_EQ(workspace_size(ElementType::F32x2ToF32x2, e, o), LookBackLayout::packed(17 * 30, 64, 2).bytes);
}

// A reset launch clears the state whenever the key changes, so two layouts that place their
// arrays differently must never share a key.
TEST(LookBackLayout, KeysDifferForEveryLayoutDifference) {
  std::vector<std::uint64_t> keys;
  for (std::int64_t tiles : {std::int64_t(1), std::int64_t(2), std::int64_t(135), std::int64_t(136), std::int64_t(4096),
                             (std::int64_t(1) << 32) - 1})
    for (int w : {32, 64, 128}) {
      for (int words : {1, 2, 4}) keys.push_back(LookBackLayout::packed(tiles, w, words).key());
    }
  for (std::uint64_t k : keys) EXPECT_NE(k, 0u);  // 0 is WorkspaceHistory's "unknown"
  std::vector<std::uint64_t> sorted = keys;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(std::adjacent_find(sorted.begin(), sorted.end()), sorted.end());
  EXPECT_EQ(LookBackLayout::packed(135, 128, 1).key(), LookBackLayout::packed(135, 128, 1).key());
}

TEST(WorkspaceHistory, SkipsTheResetOnlyForTheSameLayoutAndForBoundedRuns) {
  WorkspaceHistory h;
  const std::uint64_t a = LookBackLayout::packed(135, 128, 1).key(), b = LookBackLayout::packed(136, 128, 1).key();
  EXPECT_FALSE(h.ready_for(a));  // nothing known yet
  h.reset_to(a);
  EXPECT_TRUE(h.ready_for(a));
  EXPECT_FALSE(h.ready_for(b));  // another layout: its arrays sit elsewhere
  for (unsigned k = 0; k + 1 < WorkspaceHistory::kCallsBetweenResets; ++k) h.count_call();
  EXPECT_TRUE(h.ready_for(a));
  h.count_call();
  EXPECT_FALSE(h.ready_for(a));  // the epoch budget between two resets is spent
  h.reset_to(a);
  EXPECT_TRUE(h.ready_for(a));
  h.forget();
  EXPECT_FALSE(h.ready_for(a));
  EXPECT_FALSE(h.ready_for(0));
}

}  // namespace
}  // namespace sat::detail
