// The host geometry of the multi-kernel tiled algorithms (algorithms/tiled/carry_geometry.h) against
// brute force over the diagonal order: diagonal counts and lengths, the serial number of each
// diagonal's first tile, the tile sets of (1+r)R1W's regions, the carries kernel's grid and the
// carries' workspace layout.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/tiled/carry_geometry.h"

namespace sat::detail {
namespace {

// Grids with one row, one column, square, wide and tall.
const std::vector<std::pair<int, int>> kGrids = {{1, 1}, {1, 7}, {5, 1}, {4, 4}, {3, 8}, {9, 2}, {17, 30}};

// Every tile's (I, J) in diagonal order, by walking the diagonals (the definition of the order).
std::vector<std::pair<int, int>> brute_order(int tiles_y, int tiles_x) {
  std::vector<std::pair<int, int>> order;
  for (int d = 0; d < tiles_y + tiles_x - 1; ++d)
    for (int I = 0; I < tiles_y; ++I)
      if (d - I >= 0 && d - I < tiles_x) order.push_back({I, d - I});
  return order;
}

TEST(CarryGeometry, DiagonalsCountLengthAndFirstRowMatchTheOrder) {
  for (const auto& [ty, tx] : kGrids) {
    SCOPED_TRACE(std::to_string(ty) + "x" + std::to_string(tx));
    const auto order = brute_order(ty, tx);
    ASSERT_EQ(diagonal_count(ty, tx), ty + tx - 1);
    int64_t before = 0;
    for (int k = 0; k < diagonal_count(ty, tx); ++k) {
      EXPECT_EQ(tiles_before_diagonal(k, ty, tx), before) << "k " << k;
      const std::pair<int, int> first = order[std::size_t(before)];
      EXPECT_EQ(first.first + first.second, k);
      EXPECT_EQ(diagonal_first_row(k, tx), first.first) << "k " << k;
      before += diagonal_length(k, ty, tx);
    }
    EXPECT_EQ(before, int64_t(ty) * tx);  // the lengths add up to every tile
    EXPECT_EQ(tiles_before_diagonal(-3, ty, tx), 0);
    EXPECT_EQ(tiles_before_diagonal(diagonal_count(ty, tx) + 5, ty, tx), int64_t(ty) * tx);
  }
}

TEST(CarryGeometry, SerialNumbersGiveTheOrdersTiles) {
  for (const auto& [ty, tx] : kGrids) {
    const auto order = brute_order(ty, tx);
    for (std::size_t s = 0; s < order.size(); ++s) {
      int I = -1, J = -1;
      tile_of_serial(int64_t(s), ty, tx, I, J);
      EXPECT_EQ(std::make_pair(I, J), order[s]) << ty << "x" << tx << " serial " << s;
    }
  }
}

// (1+r)R1W visits regions A (diagonals [a0, a1)) and C ([c0, c1)) with one kernel: every tile of
// both regions exactly once, and nothing else.
TEST(CarryGeometry, TileSetOfTwoDiagonalRangesVisitsExactlyTheirTiles) {
  const int ty = 9, tx = 14, d = ty + tx - 1;
  for (const auto& [a1, c0] : std::vector<std::pair<int, int>>{{0, d}, {3, 17}, {6, 6}, {d, d}}) {
    const TileSet set = TileSet::diagonals(0, a1, c0, d, ty, tx);
    std::set<std::pair<int, int>> seen;
    for (int64_t b = 0; b < set.blocks(); ++b) {
      int I = -1, J = -1;
      set.tile(b, ty, tx, I, J);
      const int k = I + J;
      EXPECT_TRUE(k < a1 || k >= c0) << "tile (" << I << ", " << J << ") outside both regions";
      EXPECT_TRUE(seen.insert({I, J}).second) << "tile (" << I << ", " << J << ") twice";
    }
    int64_t expected = 0;
    for (int k = 0; k < d; ++k)
      if (k < a1 || k >= c0) expected += diagonal_length(k, ty, tx);
    EXPECT_EQ(int64_t(seen.size()), expected) << "a1 " << a1 << " c0 " << c0;
  }
  const TileSet all = TileSet::all_row_major(ty, tx);
  ASSERT_EQ(all.blocks(), int64_t(ty) * tx);
  int I = -1, J = -1;
  all.tile(tx + 2, ty, tx, I, J);
  EXPECT_EQ(std::make_pair(I, J), std::make_pair(1, 2));
}

TEST(CarryGeometry, CarriesGridCoversEveryImageRowAndColumn) {
  for (int W : {32, 64, 128}) {
    const CarriesGrid g = carries_grid(17, 30, W);
    EXPECT_GE(g.row_blocks * kCarriesThreads, int64_t(17) * W);
    EXPECT_LT((g.row_blocks - 1) * kCarriesThreads, int64_t(17) * W);
    EXPECT_GE(g.col_blocks * kCarriesThreads, int64_t(30) * W);
    EXPECT_LT((g.col_blocks - 1) * kCarriesThreads, int64_t(30) * W);
    EXPECT_EQ(g.blocks(), 1 + g.row_blocks + g.col_blocks);
  }
}

// The arrays the carries use are aligned, disjoint, inside what the workspace size asks for; LS
// only where the algorithm keeps local sums.
TEST(CarryGeometry, CarryStateArraysAreAlignedDisjointAndCounted) {
  const int ty = 9, tx = 15, W = 128;
  for (bool with_local : {false, true}) {
    WorkspaceCarver ws(reinterpret_cast<void*>(std::uintptr_t(1) << 20));  // a base the arrays are measured from
    const CarryState<uint32_t> st = CarryState<uint32_t>::carve(ws, ty, tx, W, with_local);
    const auto offset = [](const void* p) { return std::uintptr_t(p) - (std::uintptr_t(1) << 20); };
    const std::size_t tiles = std::size_t(ty) * tx;
    std::vector<std::pair<std::size_t, std::size_t>> arrays = {{offset(st.row_sums), tiles * W * 4},
                                                               {offset(st.col_sums), tiles * W * 4},
                                                               {offset(st.rb), tiles * 4},
                                                               {offset(st.gs), tiles * 4}};
    if (with_local) arrays.push_back({offset(st.ls), tiles * 4});
    EXPECT_EQ(st.ls != nullptr, with_local);
    std::sort(arrays.begin(), arrays.end());
    for (std::size_t k = 0; k < arrays.size(); ++k) {
      EXPECT_EQ(arrays[k].first % 256, 0u);
      if (k > 0) {
        EXPECT_LE(arrays[k - 1].first + arrays[k - 1].second, arrays[k].first);
      }
    }
    EXPECT_EQ(CarryState<uint32_t>::bytes(ty, tx, W, with_local), arrays.back().first + arrays.back().second);
    EXPECT_EQ(carry_workspace_bytes(ElementType::U8ToU32, {1920, 1080}, W, with_local),
              CarryState<uint32_t>::bytes(ty, tx, W, with_local));
    EXPECT_EQ(st.tiles_y, ty);
    EXPECT_EQ(st.tiles_x, tx);
  }
}

}  // namespace
}  // namespace sat::detail
