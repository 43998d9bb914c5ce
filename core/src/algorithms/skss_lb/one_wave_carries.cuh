// OneWaveCarries: the carries of a 1R1W-SKSS-LB tile for calls whose tiles all fit on the GPU at
// once (tiles ≤ the resident blocks), i.e. frame sizes and small images; a Carries policy of the
// agent (agent/skss_lb_agent.cuh), run by the one-wave kernel (kernels.cuh). Which calls run it
// (4-byte sums, one plane) is tuning (tuning/tile_policy.h); it is correct for any type, batch or
// size.
//
// The chained look-back (kernels.cuh) finds a tile's offsets from its neighbours' *global* sums,
// which come out of their own look-back: at small sizes every tile is in flight at once and the
// critical path is that chain, about one L2 round trip per anti-diagonal (24 of them at 1920×1080
// with W = 128). Here no tile waits for another's global sums. Every tile publishes its local
// sums (LRS, LCS and LS, the tile's total) right after its scan, and then adds up
//   GRS(I,J−1)   = Σ_{j<J} LRS(I,j)           the tiles to its left,
//   GCS(I−1,J)   = Σ_{i<I} LCS(i,J)           the tiles above it,
//   GS(I−1,J−1)  = Σ_{i<I, j<J} LS(i,j)       the rectangle above-left,
// with every warp of the block taking its share of the loads (one round trip or two at frame
// sizes), then one fixed-order reduction in shared memory. The order of every addition depends
// on the tile's position only, so float results are the same bits on every run. A tile waits
// only for locals of tiles with smaller tickets, which their blocks publish before they wait on
// anything: no deadlock whatever the residency.
#pragma once

#include <cuda_runtime.h>

#include "agent/tile_agent.cuh"
#include "lookback/state.cuh"
#include "lookback/tile_timeline.cuh"
#include "warp/warp_vector.cuh"

namespace sat::detail {

// Warp `warp`'s share of the look-back of tile (I, J), kept in registers. The first half of the
// warps add the tiles to the left (j ≡ warp mod kWarps/2), the second half those above (i ≡
// warp − kWarps/2), so a warp holds one W-vector besides its tile; every warp adds its part of the
// rectangle above-left (q = i·J + j ≡ warp·32 + lane mod 32·kWarps). `corner`: the warp's total.
template <class Acc, int W, int kWarps>
struct OneWaveShare {
  static constexpr int kHalf = kWarps / 2;
  WarpVector<Acc, W> part;
  Acc corner;

  __device__ __forceinline__ void gather(const Protocol<Acc, W>& sums, int I, int J, int tiles_x, int warp, int lane) {
    part.fill(zero<Acc>());
    if (warp < kHalf) {
      for (int j = warp; j < J; j += kHalf) sums.add_local_row_vector(I * tiles_x + j, part, lane);
    } else {
      for (int i = warp - kHalf; i < I; i += kHalf) sums.add_local_col_vector(i * tiles_x + J, part, lane);
    }
    corner = zero<Acc>();
    for (int q = warp * 32 + lane; q < I * J; q += kWarps * 32)
      corner = corner + sums.local_sum(q / J * tiles_x + q % J);
    corner = warp_sum(corner);
  }

  // Into the agent's per-warp array of raw column totals, free once every warp has read it (a
  // barrier after the column totals are published).
  template <class Shared>
  __device__ __forceinline__ void put(Shared& s, Acc* corners, int warp, int lane) const {
    part.store_shared(s.raw_partial[warp], lane);
    if (lane == 0) corners[warp] = corner;
  }
};

// The warps' shares added in warp order: the row offsets (warps 0 … kWarps/2 − 1), the column
// offsets (the others) and the corner, into `s`.
template <class Acc, int W, int kWarps, class Shared>
__device__ __forceinline__ void one_wave_offsets(Shared& s, const Acc* corners, int warp, int lane) {
  constexpr int kHalf = kWarps / 2;
  if (warp == 0 || warp == 1) {
    const int first = warp == 0 ? 0 : kHalf;
    WarpVector<Acc, W> v;
    v.load_shared(s.raw_partial[first], lane);
    for (int w = first + 1; w < first + kHalf; ++w) {
      WarpVector<Acc, W> x;
      x.load_shared(s.raw_partial[w], lane);
      v = v + x;
    }
    v.inclusive_scan(lane);
    v.store_shared(warp == 0 ? s.row_offset : s.col_offset, lane);
  } else if (warp == 2 && lane == 0) {
    Acc corner = corners[0];
    for (int w = 1; w < kWarps; ++w) corner = corner + corners[w];
    s.corner = corner;
  }
}

// The Carries policy: warps 0 and 1 publish the tile's LS and LCS (its LRS entries are out
// already), every warp gathers its share, then three barriers: the raw column totals read, every
// share in, the offsets out.
template <class Traits, int W>
struct OneWaveCarries {
  using Tile = TileAgent<Traits, W>;
  using Acc = typename Traits::Acc;
  static constexpr int kWarps = Tile::kWarps;
  struct Shared {
    Acc corners[kWarps];
  };
  OneWaveShare<Acc, W, kWarps> share;

  __device__ __forceinline__ void init(Shared&) {}
  __device__ __forceinline__ void find(const Tile& a, const typename Tile::Shared& s, Shared&,
                                       const Protocol<Acc, W>& sums, int I, int J, int tiles_x, int,
                                       const TileTimeline&) {
    const int t = I * tiles_x + J;
    if (a.warp == 0) {
      WarpVector<Acc, W> lrs;
      lrs.load_shared(s.row_total, a.lane);
      sums.publish_local_sum(t, lrs.sum(), a.lane);
    } else if (a.warp == 1) {
      WarpVector<Acc, W> lcs;
      Tile::column_totals(s, a.lane, lcs.e);
      sums.publish_col_local(t, lcs, a.lane);
    }
    share.gather(sums, I, J, tiles_x, a.warp, a.lane);
  }
  __device__ __forceinline__ void offsets_ready(const Tile& a, typename Tile::Shared& s, Shared& c) {
    __syncthreads();  // the raw column totals have been read (finish_scan and the column warp)
    share.put(s, c.corners, a.warp, a.lane);
    __syncthreads();  // every warp's share is in
    one_wave_offsets<Acc, W, kWarps>(s, c.corners, a.warp, a.lane);
    __syncthreads();  // offsets and corner are in shared memory
  }
  __device__ __forceinline__ void publish_for_successors(const Tile&, const typename Tile::Shared&,
                                                         const Protocol<Acc, W>&, int) const {}
};

}  // namespace sat::detail
