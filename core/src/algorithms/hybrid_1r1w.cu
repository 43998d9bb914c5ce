// (1+r)R1W (Kasagi et al.; Emoto et al., section III-B, Figure 8): 1R1W is slow on the first and
// last diagonals, which have few tiles, so those go through 2R1W instead:
//   region A, diagonals [0, a_end):      local sums → carries → final tiles (2R1W; self-contained);
//   region B, diagonals [a_end, c_begin): one 1R1W launch per diagonal, starting from A's carries;
//   region C, diagonals [c_begin, D):    local sums → carries → final tiles (2R1W), the carries
//                                        starting from those the last diagonal before C left.
// A has k diagonals and C the last k − 1 (for an m×m grid: A is I+J < √r·m and C is
// I+J > (2−√r)·m − 1, as in the paper), k chosen so that A and C hold about r of all tiles.
// The local sums of A and C go in one launch, so the kernel count is (c_begin − a_end) + 5
// ≈ 2(1−√r)·n/W + 5. Global traffic: (1+r) reads and one write per element plus O(n²/W).
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>

#include "algorithms/algorithms.h"
#include "algorithms/tiled/tiled_launch.cuh"

namespace sat::detail {
namespace {

struct HybridSplit {
  int a_end;    // region A: diagonals [0, a_end)
  int c_begin;  // region C: diagonals [c_begin, D); region B in between (maybe empty)
};

// Tiles in A ∪ C when A has k diagonals and C the last k − 1.
int64_t hybrid_covered(int64_t k, int tiles_y, int tiles_x) {
  const int64_t d = diagonal_count(tiles_y, tiles_x);
  const int64_t tiles = int64_t(tiles_y) * tiles_x;
  const int64_t c_diagonals = std::max<int64_t>(k - 1, 0);
  return tiles_before_diagonal(k, tiles_y, tiles_x) + tiles - tiles_before_diagonal(d - c_diagonals, tiles_y, tiles_x);
}

HybridSplit hybrid_split(int tiles_y, int tiles_x, double r) {
  const int d = diagonal_count(tiles_y, tiles_x);
  const double target = r * double(tiles_y) * double(tiles_x);
  // A and C disjoint: k + (k − 1) ≤ d. hybrid_covered grows with k: the smallest k reaching the
  // target, or the one before it if that is closer.
  int lo = 0, hi = (d + 1) / 2;
  while (lo < hi) {
    const int mid = lo + (hi - lo) / 2;
    if (double(hybrid_covered(mid, tiles_y, tiles_x)) >= target)
      hi = mid;
    else
      lo = mid + 1;
  }
  int k = lo;
  if (k > 0 &&
      target - double(hybrid_covered(k - 1, tiles_y, tiles_x)) < double(hybrid_covered(k, tiles_y, tiles_x)) - target)
    --k;
  return {k, d - std::max(k - 1, 0)};
}

template <class Traits, int W>
void launch(const Launch& l) {
  const TiledLaunch<Traits, W> run(l, /*with_local=*/true);
  const int ty = run.st.tiles_y, tx = run.st.tiles_x;
  const int d = run.num_diagonals();
  const HybridSplit split = hybrid_split(ty, tx, l.hybrid_r);

  run.local_sums(TileSet::diagonals(0, split.a_end, split.c_begin, d, ty, tx));  // A and C
  run.carries(0, split.a_end - 1);                                               // A
  run.final_tiles(TileSet::diagonals(0, split.a_end, 0, 0, ty, tx));
  run.one_diagonal_launches(split.a_end, split.c_begin - 1);  // B
  run.carries(split.c_begin, d - 1);                          // C
  run.final_tiles(TileSet::diagonals(split.c_begin, d, 0, 0, ty, tx));
}

}  // namespace

std::size_t hybrid_1r1w_workspace(ElementType type, Extent extent, int tile) {
  return carry_workspace_bytes(type, extent, tile, /*with_local=*/true);
}

void hybrid_1r1w(const Launch& l) {
  visit_tiled(l.problem.type, l.tile, [&](auto traits, auto w) { launch<decltype(traits), decltype(w)::value>(l); });
}

}  // namespace sat::detail
