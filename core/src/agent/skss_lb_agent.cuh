// SkssLbAgent: what one block of 1R1W-SKSS-LB does with one tile — the per-tile sequence, written
// once for every kernel of the algorithm (algorithms/skss_lb/kernels.cuh: pipelined, one block per
// tile, one wave). The kernels differ only in where a tile's input comes from and in how its
// carries are found, which they pass in:
//   - `load`: fills the tile agent's registers (from the prefetched stage, or straight from global
//     memory), and may draw the next ticket meanwhile;
//   - `after_scan`: runs after the first barrier, while the look-back waits (the next prefetch);
//   - the Carries policy: how the row, column and corner offsets are found — from the neighbours'
//     global sums (ChainedCarries, a look-back along the row, the column and the diagonal) or from
//     the locals of every tile before it (OneWaveCarries) — with its own shared storage and
//     barriers, and what it publishes for successors after the store.
//
// The sequence, per tile T(I,J):
//   1. data warps load the tile, scan rows and columns in registers and publish their rows' LRS
//      entries                                                                     [barrier]
//   2. after_scan; the Carries find GRS(I,J−1), GCS(I−1,J) and GS(I−1,J−1) and leave the offsets
//      in shared memory (with the barriers they need); data warps finish the column scan
//   3. data warps add the offsets and write the tile once; the Carries publish what only
//      successors need (overlapping the stores).
#pragma once

#include <cuda_runtime.h>

#include "agent/tile_agent.cuh"
#include "lookback/state.cuh"
#include "lookback/tile_timeline.cuh"

namespace sat::detail {

template <class Traits, int W, class Carries>
struct SkssLbAgent {
  using Tile = TileAgent<Traits, W>;
  using Acc = typename Traits::Acc;
  using Sums = Protocol<Acc, W>;

  // The block's shared memory, one variable: the tile's exchange, the Carries' storage and the
  // slot the kernel hands tickets through. (Laid out so that the kernels' dynamic stage starts
  // where it did before the agent existed: with the ticket slot outside this struct it moved 16
  // bytes and the f32 W = 128 kernel was 8 % slower at 4096²–32768² on an NVIDIA H100, same
  // registers and instructions; docs/tuning-notes.md, step 29.)
  struct Shared {
    typename Tile::Shared tile;
    typename Carries::Shared carries;
    int ticket;
    unsigned epoch;
  };

  Tile a;
  Carries carries;
  Shared& s;

  __device__ __forceinline__ explicit SkssLbAgent(Shared& shared) : s(shared) { carries.init(s.carries); }

  // Every warp holds tile data at the block size the kernels are launched with; the test stays a
  // branch because it helps ptxas: without it the 4-byte W = 128 kernels spill 16–60 bytes.
  __device__ __forceinline__ bool data_warp() const { return a.warp < Tile::kWarps; }

  // Tile (I, J) of the plane whose look-back sums are `sums`, written into `out` (this plane's).
  template <class Load, class AfterScan>
  __device__ __forceinline__ void consume_tile(int ticket, int I, int J, int tiles_x, const Sums& sums,
                                               const Plane<Acc>& out, bool wide_out, const TileTimeline& timeline,
                                               Load&& load, AfterScan&& after_scan) {
    const int t = I * tiles_x + J;
    timeline.stamp(ticket, kTileStart);
    if (data_warp()) {
      load(a);
      a.scan(s.tile);
      publish_own_row_totals(sums, t);
    }
    __syncthreads();  // scans done, every data thread holds its tile, row totals in shared memory
    timeline.stamp(ticket, kTileScanned);
    after_scan();
    carries.find(a, s.tile, s.carries, sums, I, J, tiles_x, ticket, timeline);
    timeline.stamp(ticket, kTileLookedBack);
    if (data_warp()) a.finish_scan(s.tile);
    carries.offsets_ready(a, s.tile, s.carries);  // ends with a barrier: offsets and corner are out
    timeline.stamp(ticket, kTileOffsets);
    if (data_warp()) {
      a.add_offsets(s.tile);
      a.store(out, I * W, J * W, wide_out);
    }
    carries.publish_for_successors(a, s.tile, sums, t);
    timeline.stamp(ticket, kTileStored);
  }

 private:
  // Right after a data warp's row scan: the LRS entries of its own rows, so that successors can
  // add them before this tile's first barrier.
  __device__ __forceinline__ void publish_own_row_totals(const Sums& sums, int t) const {
    __syncwarp();  // lane 31 wrote the totals of the warp's rows
    if (a.lane < Tile::kRows) {
      const int i = a.warp * Tile::kRows + a.lane;
      sums.publish_row_local_entry(t, i, s.tile.row_total[i]);
    }
  }
};

}  // namespace sat::detail
