// 1R1W (Kasagi et al.; Emoto et al., section III-B): one kernel launch per anti-diagonal of tiles,
// tiles_y + tiles_x − 1 launches (2·n/W − 1 for an n×n image). Launch K runs a block per tile
// T(I,J) with I + J = K: it reads GRS(I,J−1), GCS(I−1,J) and GS(I−1,J−1), which launches K−1 and
// K−2 left in the workspace, computes and stores the tile once, and writes GRS(I,J), GCS(I,J),
// RB(I,J) and GS(I,J) for launch K+1. Global traffic: one read and one write per element plus
// O(n²/W). The kernel: algorithms/tiled/tile_carries.cuh; the workspace layout: algorithms/tiled/carry_geometry.h.
#include <cuda_runtime.h>

#include "algorithms/algorithms.h"
#include "algorithms/tiled/tiled_launch.cuh"

namespace sat::detail {
namespace {

template <class Traits, int W>
void launch(const Launch& l) {
  const TiledLaunch<Traits, W> run(l, /*with_local=*/false);
  run.one_diagonal_launches(0, run.num_diagonals() - 1);
}

}  // namespace

std::size_t diagonal_1r1w_workspace(ElementType type, Extent extent, int tile) {
  return carry_workspace_bytes(type, extent, tile, /*with_local=*/false);
}

void diagonal_1r1w(const Launch& l) {
  visit_tiled(l.problem.type, l.tile, [&](auto traits, auto w) { launch<decltype(traits), decltype(w)::value>(l); });
}

}  // namespace sat::detail
