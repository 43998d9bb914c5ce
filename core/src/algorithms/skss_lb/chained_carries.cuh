// ChainedCarries: the carries of a 1R1W-SKSS-LB tile from its neighbours' global sums, for the
// agent (agent/skss_lb_agent.cuh). Three of the block's warps publish the local sums, look back
// along the row, the column and the diagonal (lookback/look_back.cuh) and leave the offsets in
// shared memory, publishing each global sum the moment it is known (GS, which needs the
// diagonal warp's corner, after the block's second barrier).
#pragma once

#include <cuda_runtime.h>

#include <cstring>
#include <type_traits>

#include "agent/tile_agent.cuh"
#include "lookback/look_back.cuh"
#include "lookback/state.cuh"
#include "lookback/tile_timeline.cuh"

namespace sat::detail {

// Block layout. Publishing packed words needs no fence, so data warps 0, 1 and 2 also do the
// look-back and each data warp publishes the LRS entries of its own rows right after its row scan.
// Where blocks share an SM's registers tightly (4-byte sums), the look-back warps park their tile
// values in shared memory meanwhile: the look-back needs registers too. Blocks per SM and parking
// are the architecture's tuning (tuning/tile_policy.h).
template <class Traits, int W>
struct LookBackBlock {
  using Agent = TileAgent<Traits, W>;
  using Tuning = TilePolicyOf<typename Traits::Acc, W>;
  static constexpr bool kParkTile = Tuning::kParkTile;
  static constexpr int kRowWarp = 0;   // LRS, GRS, GLS, GS
  static constexpr int kColWarp = 1;   // LCS, GCS
  static constexpr int kDiagWarp = 2;  // GS(I−1,J−1), in parallel
  static constexpr int kThreads = Agent::kThreads;
  static constexpr int kMinBlocks = Tuning::kLookBackMinBlocks;
  static constexpr int kParkRows = kParkTile ? Agent::kRows * Agent::kCols : 1;  // park slots per thread
  __device__ __forceinline__ static bool looks_back(int warp) {
    return warp == kRowWarp || warp == kColWarp || warp == kDiagWarp;
  }
};

// The column warp hands Σ GCS(I−1,J) to the row warp through shared memory: the value, then
// `ready` = tile + 1 (a different value for every tile the block does; the kernel starts it at 0).
// Only the row warp waits, so no barrier is involved; every access is atomic (a flag handshake
// that compute-sanitizer's racecheck also sees as synchronised).
template <class Acc>
struct AboveTotalHandoff {
  static constexpr int kWords = int(sizeof(Acc) / 4);
  unsigned words[kWords];
  int ready;

  __device__ __forceinline__ void give(int tile, const Acc& v, int lane) {
    if (lane == 0) {
      unsigned w[kWords];
      memcpy(w, &v, sizeof(Acc));
#pragma unroll
      for (int k = 0; k < kWords; ++k) atomicExch(&words[k], w[k]);
      __threadfence_block();
      atomicExch(&ready, tile + 1);
    }
  }
  __device__ __forceinline__ Acc take(int tile) {
    while (atomicAdd(&ready, 0) != tile + 1) {
    }
    __threadfence_block();
    unsigned w[kWords];
#pragma unroll
    for (int k = 0; k < kWords; ++k) w[k] = atomicAdd(&words[k], 0u);
    Acc v;
    memcpy(&v, w, sizeof(Acc));
    return v;
  }
};

// The look-back warps' part of one tile. Each global sum goes out the moment it is known, since the
// tiles after this one wait for it (docs/tuning-notes.md, step 31): the row warp publishes GRS
// right after its look-back, the column warp GCS right after handing Σ GCS(I−1,J) to the row warp,
// which then publishes the L-shape sum GLS; the diagonal warp finds GS(I−1,J−1) meanwhile (it
// depends on predecessors only). GS itself needs that corner and follows the second barrier
// (finish_publish, while the data warps store).
// `s` holds the tile's LRS (row_total), its column totals (column_totals()) and receives the
// offsets (row_offset, col_offset, corner): the tile's Shared in the chained kernels, a carry slot
// in the ring kernel (ring_kernel.cuh). `warp`: 0, 1, 2 for the row, column and diagonal warps;
// `kWordsInFlight`: 64-bit words per lane the row and column folds load per round trip;
// `kPublishLcs`: the column warp publishes LCS (false: the caller has);
// `timeline` records each warp's walk (timeline builds; `handoff_tag` is the ticket).
template <class Traits, int W, int kWordsInFlight = TilePolicyOf<typename Traits::Acc, W>::kLookBackWordsInFlight,
          bool kPublishLcs = true, class TileSums>
__device__ __forceinline__ void look_back_tile(TileSums& s, AboveTotalHandoff<typename Traits::Acc>& above_handoff,
                                               const Protocol<typename Traits::Acc, W>& sums, int I, int J, int tiles_x,
                                               int handoff_tag, int warp, int lane, typename Traits::Acc& pending_gs,
                                               const TileTimeline& timeline) {
  using Acc = typename Traits::Acc;
  using Block = LookBackBlock<Traits, W>;
  const int t = I * tiles_x + J;
  if (warp == Block::kRowWarp) {
    WarpVector<Acc, W> lrs;  // published by the data warps already
    lrs.load_shared(s.row_total, lane);
    WarpVector<Acc, W> left;  // GRS(I, J−1)
    left.fill(zero<Acc>());
    const LookBackWalk walk = look_back(sums.template rows<kWordsInFlight>(), t - 1, 1, J, left, lane);
    sums.publish_row_global(t, left + lrs, lane);  // GRS(I,J) at once: the tile to the right needs it
    timeline.walked(handoff_tag, kRowWalk, lane, walk);
    const Acc local_sum = lrs.sum();
    const Acc left_total = left.inclusive_scan(lane);
    left.store_shared(s.row_offset, lane);
    const Acc l_shape = left_total + above_handoff.take(handoff_tag) + local_sum;
    sums.publish_lshape(t, l_shape, lane);
    pending_gs = l_shape;  // GS = corner + l_shape once the corner is known
  } else if (warp == Block::kDiagWarp) {
    Acc corner = zero<Acc>();  // GS(I−1, J−1)
    const LookBackWalk walk = look_back(sums.diagonal(), t - tiles_x - 1, tiles_x + 1, I < J ? I : J, corner, lane);
    if (lane == 0) s.corner = corner;
    timeline.walked(handoff_tag, kDiagWalk, lane, walk);
  } else if (warp == Block::kColWarp) {
    WarpVector<Acc, W> lcs;
    s.column_totals(lane, lcs.e);
    if constexpr (kPublishLcs) sums.publish_col_local(t, lcs, lane);
    WarpVector<Acc, W> above;  // GCS(I−1, J)
    above.fill(zero<Acc>());
    const LookBackWalk walk = look_back(sums.template cols<kWordsInFlight>(), t - tiles_x, tiles_x, I, above, lane);
    const WarpVector<Acc, W> gcs = above + lcs;
    const Acc above_total = above.inclusive_scan(lane);
    above.store_shared(s.col_offset, lane);
    above_handoff.give(handoff_tag, above_total, lane);
    sums.publish_col_global(t, gcs, lane);  // GCS(I,J) at once: the tile below looks for it next
    timeline.walked(handoff_tag, kColWalk, lane, walk);
  }
}

// After the second barrier, overlapping the data warps' stores: GS(I,J) = corner + L-shape sum.
template <class Traits, int W>
__device__ __forceinline__ void finish_publish(const typename TileAgent<Traits, W>::Shared& s,
                                               const Protocol<typename Traits::Acc, W>& sums, int t, int warp, int lane,
                                               const typename Traits::Acc& pending_gs) {
  using Block = LookBackBlock<Traits, W>;
  if (warp == Block::kRowWarp) {
    sums.publish_global_sum(t, s.corner + pending_gs, lane);
  }
}

// The Carries policy of SkssLbAgent (agent/skss_lb_agent.cuh) for the chained kernels: the
// look-back warps park their tile values in shared memory while they look back where registers
// are short (LookBackBlock::kParkTile); one barrier makes the offsets visible.
template <class Traits, int W>
struct ChainedCarries {
  using Tile = TileAgent<Traits, W>;
  using Acc = typename Traits::Acc;
  using Block = LookBackBlock<Traits, W>;
  struct NoPark {};
  struct Shared {
    std::conditional_t<Block::kParkTile, Acc[Block::kParkRows][96], NoPark> park;
    AboveTotalHandoff<Acc> above_total;  // Σ GCS(I−1,J), column warp → row warp
  };
  Acc pending_gs;  // GS(I,J) less the corner, published after the store

  __device__ __forceinline__ void init(Shared& c) {
    if (threadIdx.x == 0) c.above_total.ready = 0;  // before the kernel's first barrier
  }
  __device__ __forceinline__ void find(Tile& a, typename Tile::Shared& s, Shared& c, const Protocol<Acc, W>& sums,
                                       int I, int J, int tiles_x, int ticket, const TileTimeline& timeline) {
    if (!Block::looks_back(a.warp)) return;
    if constexpr (Block::kParkTile) a.park(c.park);
    look_back_tile<Traits, W>(s, c.above_total, sums, I, J, tiles_x, ticket, a.warp, a.lane, pending_gs, timeline);
    if constexpr (Block::kParkTile) a.unpark(c.park);
  }
  __device__ __forceinline__ void offsets_ready(const Tile&, typename Tile::Shared&, Shared&) {
    __syncthreads();  // offsets and corner are in shared memory
  }
  __device__ __forceinline__ void publish_for_successors(const Tile& a, const typename Tile::Shared& s,
                                                         const Protocol<Acc, W>& sums, int t) const {
    if (Block::looks_back(a.warp)) finish_publish<Traits, W>(s, sums, t, a.warp, a.lane, pending_gs);
  }
};

}  // namespace sat::detail
