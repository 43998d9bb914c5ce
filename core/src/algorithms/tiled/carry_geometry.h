// The host geometry of the multi-kernel tiled algorithms (2R1W, 1R1W, (1+r)R1W): the diagonal
// order's counts, the carries' workspace layout (CarryState), which tiles a one-block-per-tile
// kernel visits (TileSet) and the carries kernel's grid. Plain C++ (the kernels are in
// tile_carries.cuh, the launches in tiled_launch.cuh), so it is tested without a GPU
// (tests/core/cpu/carry_geometry_test.cpp). Notation: tile_carries.cuh.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "block/diagonal_order.cuh"
#include "launch/launch.h"
#include "support/element_traits.h"
#include "tuning/tile_policy.h"

namespace sat::detail {

// ---------------------------------------------------------------------------------------------
// The diagonal order's counts.

// Number of diagonals of a tiles_y × tiles_x grid.
inline int diagonal_count(int tiles_y, int tiles_x) { return tiles_y + tiles_x - 1; }

// First tile-row on diagonal k (0 ≤ k < diagonal_count).
inline int diagonal_first_row(int k, int tiles_x) { return std::max(0, k - (tiles_x - 1)); }

// Number of tiles on diagonal k (0 ≤ k < diagonal_count).
inline int diagonal_length(int k, int tiles_y, int tiles_x) {
  return std::min(k, tiles_y - 1) - diagonal_first_row(k, tiles_x) + 1;
}

// Number of tiles on diagonals < k, i.e. the serial number (diagonal_order.cuh) of the first tile
// of diagonal k; k ≤ 0 gives 0 and k ≥ diagonal_count gives every tile.
inline int64_t tiles_before_diagonal(int64_t k, int tiles_y, int tiles_x) {
  if (k <= 0) return 0;
  const int64_t m = std::min<int64_t>(tiles_y, k);                                // rows I < m reach it
  const int64_t p = std::min<int64_t>(std::max<int64_t>(k - tiles_x + 1, 0), m);  // rows I < p: whole
  return p * tiles_x + (m - p) * k - (p + m - 1) * (m - p) / 2;
}

// ---------------------------------------------------------------------------------------------
// Workspace.

template <class Acc>
struct CarryState {
  Acc* row_sums;  // [tiles][W] LRS, then GRS
  Acc* col_sums;  // [tiles][W] LCS, then GCS
  Acc* ls;        // [tiles]    LS, column-major (J·tiles_y + I); null when no local sums are used
  Acc* rb;        // [tiles]    RB
  Acc* gs;        // [tiles]    GS
  int tiles_y, tiles_x;

  // with_local: room for LS (the algorithms that run the local-sums and carries kernels).
  static CarryState carve(WorkspaceCarver& ws, int tiles_y, int tiles_x, int W, bool with_local) {
    const std::size_t tiles = std::size_t(tiles_y) * std::size_t(tiles_x);
    CarryState s{};
    s.row_sums = ws.take<Acc>(tiles * std::size_t(W));
    s.col_sums = ws.take<Acc>(tiles * std::size_t(W));
    s.ls = with_local ? ws.take<Acc>(tiles) : nullptr;
    s.rb = ws.take<Acc>(tiles);
    s.gs = ws.take<Acc>(tiles);
    s.tiles_y = tiles_y;
    s.tiles_x = tiles_x;
    return s;
  }
  static std::size_t bytes(int tiles_y, int tiles_x, int W, bool with_local) {
    WorkspaceCarver ws;
    carve(ws, tiles_y, tiles_x, W, with_local);
    return ws.bytes();
  }
};

// Workspace bytes of CarryState for this request (type, extent, tile as validated).
inline std::size_t carry_workspace_bytes(ElementType type, Extent extent, int tile, bool with_local) {
  return visit_type(type, [&](auto traits) {
    using Acc = typename decltype(traits)::Acc;
    return CarryState<Acc>::bytes(ceil_div(extent.height, tile), ceil_div(extent.width, tile), tile, with_local);
  });
}

// ---------------------------------------------------------------------------------------------
// Which tiles a one-block-per-tile kernel visits: up to two runs of serial numbers in diagonal
// order (region A and region C of (1+r)R1W), or every tile in row-major order (2R1W).

struct TileSet {
  int64_t first0, count0;  // serials [first0, first0 + count0)
  int64_t first1, count1;  // then serials [first1, first1 + count1)
  bool row_major;          // one run [0, tiles) in row-major order instead (count0 = tiles)

  static TileSet all_row_major(int tiles_y, int tiles_x) { return {0, int64_t(tiles_y) * tiles_x, 0, 0, true}; }
  // The tiles of diagonals [a0, a1) followed by those of diagonals [c0, c1).
  static TileSet diagonals(int a0, int a1, int c0, int c1, int tiles_y, int tiles_x) {
    TileSet s{};
    s.first0 = tiles_before_diagonal(a0, tiles_y, tiles_x);
    s.count0 = tiles_before_diagonal(a1, tiles_y, tiles_x) - s.first0;
    s.first1 = tiles_before_diagonal(c0, tiles_y, tiles_x);
    s.count1 = tiles_before_diagonal(c1, tiles_y, tiles_x) - s.first1;
    s.row_major = false;
    return s;
  }
  int64_t blocks() const { return count0 + count1; }

  __host__ __device__ __forceinline__ void tile(int64_t block, int tiles_y, int tiles_x, int& I, int& J) const {
    if (row_major) {
      I = int(block / tiles_x);
      J = int(block % tiles_x);
      return;
    }
    const int64_t s = block < count0 ? first0 + block : first1 + (block - count0);
    tile_of_serial(s, tiles_y, tiles_x, I, J);
  }
};

// ---------------------------------------------------------------------------------------------
// The carries kernel's grid: one block for RB and GS, then one thread per image row (GRS), then
// one per image column (GCS); its block size is tuning (tuning/tile_policy.h: kCarriesThreads).

struct CarriesGrid {
  int64_t row_blocks, col_blocks;
  int64_t blocks() const { return 1 + row_blocks + col_blocks; }
};

inline CarriesGrid carries_grid(int tiles_y, int tiles_x, int W) {
  return {(int64_t(tiles_y) * W + kCarriesThreads - 1) / kCarriesThreads,
          (int64_t(tiles_x) * W + kCarriesThreads - 1) / kCarriesThreads};
}

}  // namespace sat::detail
