// The launches of the multi-kernel tiled algorithms (2R1W, 1R1W, (1+r)R1W): the planes of a
// problem, the carved workspace and one call per kernel of tile_carries.cuh.
#pragma once

#include <cuda_runtime.h>

#include "algorithms/tiled/carry_geometry.h"
#include "algorithms/tiled/tile_carries.cuh"

namespace sat::detail {

template <class Traits, int W>
struct TiledLaunch {
  using In = typename Traits::In;
  using Acc = typename Traits::Acc;
  using Agent = TileAgent<Traits, W>;

  Plane<const In> in;
  Plane<Acc> out;
  bool wide_in, wide_out;
  CarryState<Acc> st;
  cudaStream_t stream;

  TiledLaunch(const Launch& l, bool with_local) {
    const Problem& p = l.problem;
    in = {static_cast<const In*>(p.input), p.input_pitch, p.extent.height, p.extent.width};
    out = {static_cast<Acc*>(p.output), p.output_pitch, p.extent.height, p.extent.width};
    wide_in = is_aligned_for_chunks<In, Agent::kCols>(p.input, p.input_pitch);
    wide_out = is_aligned_for_chunks<Acc, Agent::kCols>(p.output, p.output_pitch);
    WorkspaceCarver ws(l.workspace);
    st = CarryState<Acc>::carve(ws, ceil_div(p.extent.height, W), ceil_div(p.extent.width, W), W, with_local);
    stream = l.stream;
  }

  int num_diagonals() const { return diagonal_count(st.tiles_y, st.tiles_x); }

  void local_sums(const TileSet& set) const {
    if (set.blocks() == 0) return;
    local_sums_kernel<Traits, W><<<unsigned(set.blocks()), Agent::kThreads, 0, stream>>>(in, st, set, wide_in);
    check_launch("local_sums_kernel");
  }
  // Carries of diagonals [d0, d1] (needs those of d0−1 when d0 > 0).
  void carries(int d0, int d1) const {
    if (d0 > d1) return;
    const CarriesGrid grid = carries_grid(st.tiles_y, st.tiles_x, W);
    carries_kernel<Acc, W><<<unsigned(grid.blocks()), kCarriesThreads, 0, stream>>>(st, grid, d0, d1);
    check_launch("carries_kernel");
  }
  void final_tiles(const TileSet& set) const {
    if (set.blocks() == 0) return;
    final_tiles_kernel<Traits, W>
        <<<unsigned(set.blocks()), Agent::kThreads, 0, stream>>>(in, out, st, set, wide_in, wide_out);
    check_launch("final_tiles_kernel");
  }
  // 1R1W launches for diagonals [k0, k1] (needs the carries of k0−1 and k0−2).
  void one_diagonal_launches(int k0, int k1) const {
    for (int k = k0; k <= k1; ++k) {
      const int first = diagonal_first_row(k, st.tiles_x);
      const int length = diagonal_length(k, st.tiles_y, st.tiles_x);
      diagonal_kernel<Traits, W>
          <<<unsigned(length), Agent::kThreads, 0, stream>>>(in, out, st, k, first, wide_in, wide_out);
      check_launch("diagonal_kernel");
    }
  }
};

}  // namespace sat::detail
