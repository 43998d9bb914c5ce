// The kernels shared by the multi-kernel tiled algorithms (2R1W, 1R1W, (1+r)R1W): per-tile local
// sums, global carries over a range of anti-diagonals, final tiles from carries, and the
// one-diagonal kernel of 1R1W.
//
// Notation of Emoto et al., Table II, for tile T(I,J) of a tiles_y × tiles_x grid, diagonal
// K = I + J. Every algorithm leaves, for every tile it finishes, the same carries in the
// workspace (the "carry invariant"):
//   row_sums[t][i] = GRS(I,J)[i]   sum of image row WI+i through the tile's right edge
//   col_sums[t][j] = GCS(I,J)[j]   sum of image column WJ+j through the tile's bottom edge
//   rb[t]          = RB(I,J)       sum of tile-row I through the tile's right edge (Σ_i GRS)
//   gs[t]          = GS(I,J)       sum of everything above-left of the tile's bottom-right corner
// with t = I·tiles_x + J. Before that, 2R1W-style regions hold the local sums in the same places:
// row_sums = LRS, col_sums = LCS (the carries kernel scans them in place), and ls = LS, stored
// column-major (J·tiles_y + I) so the carries kernel reads it coalesced.
//
// Every carry is computed by the same recurrences, in the same order, whichever kernel does it:
//   GRS(I,J) = GRS(I,J−1) + LRS(I,J)      GCS(I,J) = GCS(I−1,J) + LCS(I,J)
//   RB(I,J)  = RB(I,J−1) + LS(I,J)        GS(I,J)  = GS(I−1,J) + RB(I,J)
// with LS = WarpVector::sum of LRS. Integer results are exact (mod 2^k); float results of the three
// algorithms are bit-identical to each other for the same tile size (same additions, same order).
//
// A tile's final table needs GRS(I,J−1), GCS(I−1,J) and GS(I−1,J−1): tiles on diagonals K−1 and
// K−2. Hence a region of diagonals [d0, d1] can be finished once the carries of diagonals d0−1 and
// d0−2 are in place: the carries kernel scans from the values the diagonal d0−1 left.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "agent/tile_agent.cuh"
#include "algorithms/tiled/carry_geometry.h"
#include "block/diagonal_order.cuh"
#include "launch/launch.h"
#include "support/memory.cuh"

namespace sat::detail {

// ---------------------------------------------------------------------------------------------
// Kernel 1 of 2R1W: LRS → row_sums, LCS → col_sums, LS → ls, one block per tile of `set`.

template <class Traits, int W>
__global__ void __launch_bounds__(TileAgent<Traits, W>::kThreads, TileAgent<Traits, W>::kMinBlocks)
    local_sums_kernel(Plane<const typename Traits::In> in, CarryState<typename Traits::Acc> st, TileSet set,
                      bool wide_in) {
  using Agent = TileAgent<Traits, W>;
  using Acc = typename Traits::Acc;
  __shared__ typename Agent::Shared s;

  int I, J;
  set.tile(blockIdx.x, st.tiles_y, st.tiles_x, I, J);
  const std::size_t t = std::size_t(I) * std::size_t(st.tiles_x) + std::size_t(J);

  Agent a;
  a.load(in, I * W, J * W, wide_in);
  a.scan(s);
  __syncthreads();
  if (a.warp == 0) {
    WarpVector<Acc, W> lrs;
    lrs.load_shared(s.row_total, a.lane);
    lrs.store_global(st.row_sums + t * W, a.lane);
    const Acc local_sum = lrs.sum();
    if (a.lane == 0) store_l2(st.ls + std::size_t(J) * std::size_t(st.tiles_y) + std::size_t(I), local_sum);
  } else if (a.warp == 1) {
    WarpVector<Acc, W> lcs;
#pragma unroll
    for (int c = 0; c < WarpVector<Acc, W>::kCols; ++c) lcs.e[c] = Agent::column_total(s, a.tile_col(c));
    lcs.store_global(st.col_sums + t * W, a.lane);
  }
}

// ---------------------------------------------------------------------------------------------
// Kernel 2 of 2R1W: the carries of every tile on diagonals [d0, d1], from the local sums of those
// tiles and the carries of diagonals d0−1 (GRS, GCS, RB, GS of the tiles just outside the region).
// Each line of the region is a contiguous run, so each is one sequential scan:
//   block 0:           RB (one thread per tile-row, scanning J), barrier, then GS (one thread per
//                      tile-column, scanning I): a 2D prefix of LS, small (tiles_y × tiles_x);
//   the next blocks:   GRS, one thread per image row (I, i), scanning J over row_sums in place;
//   the last blocks:   GCS, one thread per image column (J, j), scanning I over col_sums in place.
// Neighbouring threads touch neighbouring words at every step (coalesced), except the RB stores.

// kCarriesThreads and CarriesGrid: algorithms/tiled/carry_geometry.h.

// acc += src[k·src_stride]; dst[k·dst_stride] = acc for k < count. src may equal dst (in place:
// each word is loaded before it is stored). Loads go out in batches so that their latency overlaps.
template <class Acc>
__device__ __forceinline__ void scan_line(const Acc* src, std::size_t src_stride, Acc* dst, std::size_t dst_stride,
                                          int count, Acc acc) {
  constexpr int kBatch = sizeof(Acc) >= 16 ? 4 : 8;
  int k = 0;
  for (; k + kBatch <= count; k += kBatch) {
    Acc x[kBatch];
#pragma unroll
    for (int b = 0; b < kBatch; ++b) x[b] = load_l2(src + std::size_t(k + b) * src_stride);
#pragma unroll
    for (int b = 0; b < kBatch; ++b) {
      acc = acc + x[b];
      store_l2(dst + std::size_t(k + b) * dst_stride, acc);
    }
  }
  for (; k < count; ++k) {
    acc = acc + load_l2(src + std::size_t(k) * src_stride);
    store_l2(dst + std::size_t(k) * dst_stride, acc);
  }
}

// The run of a line inside diagonals [d0, d1]: indices [first, last] along the line for the line
// at `position` across it (along a tile-row J runs over [d0 − I, d1 − I] ∩ [0, length)).
__host__ __device__ __forceinline__ void line_run(int position, int length, int d0, int d1, int& first, int& last) {
  first = d0 - position > 0 ? d0 - position : 0;
  last = d1 - position < length - 1 ? d1 - position : length - 1;
}

template <class Acc, int W>
__global__ void __launch_bounds__(kCarriesThreads)
    carries_kernel(CarryState<Acc> st, CarriesGrid grid, int d0, int d1) {
  const int ty = st.tiles_y, tx = st.tiles_x;
  int64_t block = blockIdx.x;
  if (block == 0) {
    // RB: tile-row I, J over its run; starts from RB(I, first−1) when that tile is outside.
    for (int I = int(threadIdx.x); I < ty; I += kCarriesThreads) {
      int first, last;
      line_run(I, tx, d0, d1, first, last);
      if (first > last) continue;
      const std::size_t t0 = std::size_t(I) * std::size_t(tx) + std::size_t(first);
      const Acc init = first > 0 ? load_l2(st.rb + t0 - 1) : zero<Acc>();
      scan_line(st.ls + std::size_t(first) * std::size_t(ty) + std::size_t(I), std::size_t(ty), st.rb + t0,
                std::size_t(1), last - first + 1, init);
    }
    __syncthreads();  // RB of the whole region is out (visible to the block: L2 loads/stores)
    // GS: tile-column J, I over its run; starts from GS(first−1, J) when that tile is outside.
    for (int J = int(threadIdx.x); J < tx; J += kCarriesThreads) {
      int first, last;
      line_run(J, ty, d0, d1, first, last);
      if (first > last) continue;
      const std::size_t t0 = std::size_t(first) * std::size_t(tx) + std::size_t(J);
      const Acc init = first > 0 ? load_l2(st.gs + t0 - std::size_t(tx)) : zero<Acc>();
      scan_line(st.rb + t0, std::size_t(tx), st.gs + t0, std::size_t(tx), last - first + 1, init);
    }
    return;
  }
  block -= 1;
  if (block < grid.row_blocks) {
    // GRS: image row (I, i), J over tile-row I's run.
    const int64_t g = block * kCarriesThreads + threadIdx.x;
    if (g >= int64_t(ty) * W) return;
    const int I = int(g / W), i = int(g % W);
    int first, last;
    line_run(I, tx, d0, d1, first, last);
    if (first > last) return;
    Acc* p = st.row_sums + (std::size_t(I) * std::size_t(tx) + std::size_t(first)) * W + std::size_t(i);
    const Acc init = first > 0 ? load_l2(p - W) : zero<Acc>();
    scan_line(p, std::size_t(W), p, std::size_t(W), last - first + 1, init);
    return;
  }
  block -= grid.row_blocks;
  {
    // GCS: image column (J, j), I over tile-column J's run.
    const int64_t g = block * kCarriesThreads + threadIdx.x;
    if (g >= int64_t(tx) * W) return;
    const int J = int(g / W), j = int(g % W);
    int first, last;
    line_run(J, ty, d0, d1, first, last);
    if (first > last) return;
    const std::size_t stride = std::size_t(tx) * W;
    Acc* p = st.col_sums + (std::size_t(first) * std::size_t(tx) + std::size_t(J)) * W + std::size_t(j);
    const Acc init = first > 0 ? load_l2(p - stride) : zero<Acc>();
    scan_line(p, stride, p, stride, last - first + 1, init);
  }
}

// ---------------------------------------------------------------------------------------------
// The carries a tile's final table needs, loaded by warps 0 and 1 (issued early so that their
// latency overlaps the tile's own loads): warp 0 GRS(I,J−1) (zero for J = 0), RB(I,J−1),
// GS(I−1,J) and the corner GS(I−1,J−1); warp 1 GCS(I−1,J) (zero for I = 0).

template <class Acc, int W>
struct IncomingCarries {
  WarpVector<Acc, W> vec;  // warp 0: GRS(I,J−1); warp 1: GCS(I−1,J)
  Acc rb_left;             // warp 0: RB(I,J−1)
  Acc gs_above;            // warp 0: GS(I−1,J)
  Acc corner;              // warp 0: GS(I−1,J−1)

  // with_chain: also RB(I,J−1) and GS(I−1,J) (only the one-diagonal kernel extends the chains).
  __device__ __forceinline__ void load(const CarryState<Acc>& st, int I, int J, int warp, int lane, bool with_chain) {
    const std::size_t t = std::size_t(I) * std::size_t(st.tiles_x) + std::size_t(J);
    const std::size_t tx = std::size_t(st.tiles_x);
    vec.fill(zero<Acc>());
    rb_left = gs_above = corner = zero<Acc>();
    if (warp == 0) {
      if (J > 0) vec.load_global(st.row_sums + (t - 1) * W, lane);
      if (I > 0 && J > 0) corner = load_l2(st.gs + t - tx - 1);
      if (with_chain) {
        if (J > 0) rb_left = load_l2(st.rb + t - 1);
        if (I > 0) gs_above = load_l2(st.gs + t - tx);
      }
    } else if (warp == 1) {
      if (I > 0) vec.load_global(st.col_sums + (t - tx) * W, lane);
    }
  }

  // Warps 0 and 1: the inclusive prefixes (the agent's row and column offsets) and the corner
  // into shared memory. Call before the barrier that precedes add_offsets. Leaves vec scanned.
  template <class Shared>
  __device__ __forceinline__ void publish_offsets(Shared& s, int warp, int lane) {
    if (warp == 0) {
      vec.inclusive_scan(lane);
      vec.store_shared(s.row_offset, lane);
      if (lane == 0) s.corner = corner;
    } else if (warp == 1) {
      vec.inclusive_scan(lane);
      vec.store_shared(s.col_offset, lane);
    }
  }
};

// ---------------------------------------------------------------------------------------------
// Kernel 3 of 2R1W: reload each tile of `set`, local SAT, add the offsets from the carries of its
// left, upper and upper-left neighbours, store.

template <class Traits, int W>
__global__ void __launch_bounds__(TileAgent<Traits, W>::kThreads, TileAgent<Traits, W>::kMinBlocks)
    final_tiles_kernel(Plane<const typename Traits::In> in, Plane<typename Traits::Acc> out,
                       CarryState<typename Traits::Acc> st, TileSet set, bool wide_in, bool wide_out) {
  using Agent = TileAgent<Traits, W>;
  using Acc = typename Traits::Acc;
  __shared__ typename Agent::Shared s;

  int I, J;
  set.tile(blockIdx.x, st.tiles_y, st.tiles_x, I, J);

  Agent a;
  IncomingCarries<Acc, W> carries;
  carries.load(st, I, J, a.warp, a.lane, false);
  a.load(in, I * W, J * W, wide_in);
  carries.publish_offsets(s, a.warp, a.lane);
  a.scan(s);
  __syncthreads();
  a.finish_scan(s);
  a.add_offsets(s);
  a.store(out, I * W, J * W, wide_out);
}

// ---------------------------------------------------------------------------------------------
// 1R1W: one launch per diagonal K, one block per tile (I, K − I), I = first_row + blockIdx.x.
// Reads the carries of diagonals K−1 and K−2, writes the tile and its own carries for K+1.
// The incoming carries are loaded before the tile (their latency overlaps its loads) and parked
// in shared memory, so that they hold no registers during the scan; the outgoing carries are
// written after the tile, when its registers are free. One barrier.

template <class Traits, int W>
__global__ void __launch_bounds__(TileAgent<Traits, W>::kThreads, TileAgent<Traits, W>::kMinBlocks)
    diagonal_kernel(Plane<const typename Traits::In> in, Plane<typename Traits::Acc> out,
                    CarryState<typename Traits::Acc> st, int K, int first_row, bool wide_in, bool wide_out) {
  using Agent = TileAgent<Traits, W>;
  using Acc = typename Traits::Acc;
  __shared__ typename Agent::Shared s;
  __shared__ Acc s_incoming[2][W];  // GRS(I,J−1), GCS(I−1,J) as read (before the prefix)
  __shared__ Acc s_chain[2];        // RB(I,J−1), GS(I−1,J)

  const int I = first_row + int(blockIdx.x), J = K - I;
  const std::size_t t = std::size_t(I) * std::size_t(st.tiles_x) + std::size_t(J);

  Agent a;
  IncomingCarries<Acc, W> carries;
  carries.load(st, I, J, a.warp, a.lane, true);
  a.load(in, I * W, J * W, wide_in);
  if (a.warp < 2) carries.vec.store_shared(s_incoming[a.warp], a.lane);
  if (a.warp == 0 && a.lane == 0) {
    s_chain[0] = carries.rb_left;
    s_chain[1] = carries.gs_above;
  }
  carries.publish_offsets(s, a.warp, a.lane);
  a.scan(s);
  __syncthreads();
  a.finish_scan(s);
  a.add_offsets(s);
  a.store(out, I * W, J * W, wide_out);

  if (a.warp == 0) {
    WarpVector<Acc, W> left, lrs;
    left.load_shared(s_incoming[0], a.lane);
    lrs.load_shared(s.row_total, a.lane);
    (left + lrs).store_global(st.row_sums + t * W, a.lane);  // GRS(I,J)
    const Acc rb = s_chain[0] + lrs.sum();                   // RB(I,J)
    if (a.lane == 0) {
      store_l2(st.rb + t, rb);
      store_l2(st.gs + t, s_chain[1] + rb);  // GS(I,J)
    }
  } else if (a.warp == 1) {
    WarpVector<Acc, W> above, lcs;
    above.load_shared(s_incoming[1], a.lane);
#pragma unroll
    for (int c = 0; c < WarpVector<Acc, W>::kCols; ++c) lcs.e[c] = Agent::column_total(s, a.tile_col(c));
    (above + lcs).store_global(st.col_sums + t * W, a.lane);  // GCS(I,J)
  }
}

}  // namespace sat::detail
