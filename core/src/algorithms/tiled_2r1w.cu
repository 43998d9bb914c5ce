// 2R1W (Nehab et al.; Emoto et al., section III-A): three kernels over W×W tiles.
//   1. local_sums_kernel, a block per tile: LRS, LCS and LS of every tile into the workspace;
//   2. carries_kernel: GRS, GCS and GS of every tile — one thread per image row scanning its
//      tile-row's LRS, one per image column scanning LCS, one block for the 2D prefix of LS;
//   3. final_tiles_kernel, a block per tile: reload, local SAT, add the offsets from
//      GRS(I,J−1), GCS(I−1,J), GS(I−1,J−1), store.
// Global traffic: two reads and one write per element plus O(n²/W). Shared kernels:
// algorithms/tiled/tile_carries.cuh; the workspace layout: algorithms/tiled/carry_geometry.h; the launches:
// algorithms/tiled/tiled_launch.cuh.
#include <cuda_runtime.h>

#include "algorithms/algorithms.h"
#include "algorithms/tiled/tiled_launch.cuh"

namespace sat::detail {
namespace {

template <class Traits, int W>
void launch(const Launch& l) {
  const TiledLaunch<Traits, W> run(l, /*with_local=*/true);
  const TileSet all = TileSet::all_row_major(run.st.tiles_y, run.st.tiles_x);
  run.local_sums(all);
  run.carries(0, run.num_diagonals() - 1);
  run.final_tiles(all);
}

}  // namespace

std::size_t tiled_2r1w_workspace(ElementType type, Extent extent, int tile) {
  return carry_workspace_bytes(type, extent, tile, /*with_local=*/true);
}

void tiled_2r1w(const Launch& l) {
  visit_tiled(l.problem.type, l.tile, [&](auto traits, auto w) { launch<decltype(traits), decltype(w)::value>(l); });
}

}  // namespace sat::detail
