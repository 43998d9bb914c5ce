// The kernels of 1R1W-SKSS-LB (Emoto et al., section IV): one kernel, tiles handed out in
// diagonal-major order by an atomic ticket, look-back over row, column and diagonal partial sums.
// Global traffic: one read and one write per element plus O(n²/W).
//
// Per tile T(I,J), in a block of the agent's data warps, three of which also look back
// (LookBackBlock):
//   1. ticket → (I,J); data warps load the tile (prefetched while the previous tile was being
//      finished), run the local row/column scans and publish their rows' LRS       [barrier]
//   2. the look-back warps publish LCS, find GRS(I,J−1), GCS(I−1,J) and GS(I−1,J−1), publish
//      GRS and GLS; the data warps start the next tile's prefetch meanwhile          [barrier]
//   3. data warps add the row/column/corner offsets and write the tile once; the look-back warps
//      publish GS and GCS, which only successors need.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <type_traits>

#include "algorithms/skss_lb/look_back_block.cuh"
#include "block/diagonal_order.cuh"
#include "lookback/tile_timeline.cuh"

namespace sat::detail {

// The block's next ticket (thread 0 draws it; visible to all after the caller's next barrier),
// and the call's epoch with the first one.
__device__ __forceinline__ void take_ticket(LookBackHeader* header, unsigned last_ticket, int& slot,
                                            unsigned* epoch = nullptr) {
  if (threadIdx.x == 0) {
    const TicketDraw d = draw_ticket(header, last_ticket);
    slot = int(d.ticket);
    if (epoch) *epoch = d.epoch;
  }
}

// A batch of planes shares one ticket space: tickets 0 … tiles−1 are plane 0's tiles in diagonal
// order, the next `tiles` plane 1's, and so on. A tile depends only on smaller tickets of its own
// plane, so the no-deadlock argument below holds for the whole batch.
struct BatchGeometry {
  int planes;
  std::size_t in_stride, out_stride;  // bytes between planes
};

struct TileAt {
  int plane, I, J;
  // `single` (a compile-time constant): one plane, so plane 0 and no division.
  __device__ __forceinline__ TileAt(int ticket, int tiles, int tiles_y, int tiles_x, bool single) {
    plane = single ? 0 : ticket / tiles;
    tile_of_serial(ticket - plane * tiles, tiles_y, tiles_x, I, J);
  }
};

template <class T>
__device__ __forceinline__ Plane<T> plane_of(Plane<T> p, int plane, std::size_t stride) {
  using Byte = std::conditional_t<std::is_const_v<T>, const char, char>;
  p.data = reinterpret_cast<T*>(reinterpret_cast<Byte*>(p.data) + stride * std::size_t(plane));
  return p;
}

// Persistent, software-pipelined kernel: each resident block takes tickets in a loop and, while it
// scans, looks back and writes tile k, the next tile's input is already streaming into shared
// memory (cp.async). Tickets are taken in order and a block finishes its tickets in order, so the
// smallest unfinished ticket always belongs to a block working on it, whose dependencies are all
// on smaller tickets: no deadlock on any scheduling. Needs chunk-aligned input (`wide`).
template <class Traits, int W, bool kBatch>
__global__ void __launch_bounds__(LookBackBlock<Traits, W>::kThreads, LookBackBlock<Traits, W>::kMinBlocks)
    skss_lb_pipelined_kernel(Plane<const typename Traits::In> in, Plane<typename Traits::Acc> out,
                             LookBackState<typename Traits::Acc, W> st, int tiles_y, int tiles_x, BatchGeometry batch,
                             bool wide_out, TileTimeline timeline) {
  using Agent = TileAgent<Traits, W>;
  using Block = LookBackBlock<Traits, W>;
  using Acc = typename Traits::Acc;
  __shared__ typename Agent::Shared s;
  __shared__ AboveTotalHandoff<Acc> s_above_total;  // Σ GCS(I−1,J), column warp → row warp
  __shared__ int s_ticket;
  __shared__ unsigned s_epoch;
  __shared__ Acc s_park[Block::kParkRows][96];
  extern __shared__ __align__(16) unsigned char dynamic_smem[];
  auto& stage = *reinterpret_cast<typename Agent::Stage*>(dynamic_smem);
  const int tiles = tiles_y * tiles_x;
  const int all_tiles = kBatch ? tiles * batch.planes : tiles;
  // Every block draws tickets until one is past the tiles: all_tiles + gridDim.x draws in all.
  const unsigned last_ticket = unsigned(all_tiles) + gridDim.x - 1u;

  Agent a;
  // Every warp holds tile data at the block size the kernel is launched with; the test stays a
  // branch because it helps ptxas: without it the 4-byte W = 128 kernels spill 16–60 bytes.
  const bool data_warp = a.warp < Block::kDataWarps;
  take_ticket(st.header, last_ticket, s_ticket, &s_epoch);
  if (threadIdx.x == 0) s_above_total.ready = 0;
  __syncthreads();
  int ticket = s_ticket;
  auto sums = st.sums;
  sums.epoch = s_epoch;
  __syncthreads();  // everyone has read it before thread 0 takes the next one into the same slot
  TileAt at(ticket < all_tiles ? ticket : 0, tiles, tiles_y, tiles_x, !kBatch);
  if (ticket < all_tiles && data_warp) a.prefetch(stage, plane_of(in, at.plane, batch.in_stride), at.I * W, at.J * W);
  WarpVector<Acc, W> pending;
  Acc pending_gs;
  while (ticket < all_tiles) {
    timeline.stamp(ticket, kTileStart);
    const auto plane_sums = sums.of_plane(at.plane, tiles);
    const int t = at.I * tiles_x + at.J;
    if (data_warp) {
      a.load_prefetched(stage);
      take_ticket(st.header, last_ticket, s_ticket);
      a.scan(s);
      publish_own_row_totals<Traits, W>(s, plane_sums, t, a.warp, a.lane);
    }
    __syncthreads();  // scans done, next ticket visible, every data thread holds its tile
    timeline.stamp(ticket, kTileScanned);
    const int next = s_ticket;
    const TileAt next_at(next < all_tiles ? next : 0, tiles, tiles_y, tiles_x, !kBatch);
    if (data_warp && next < all_tiles)
      a.prefetch(stage, plane_of(in, next_at.plane, batch.in_stride), next_at.I * W, next_at.J * W);
    run_look_back<Traits, W>(a, s, s_park, s_above_total, plane_sums, at.I, at.J, tiles_x, ticket, pending,
                             pending_gs);
    timeline.stamp(ticket, kTileLookedBack);
    if (data_warp) a.finish_scan(s);
    __syncthreads();  // offsets and corner are in shared memory
    timeline.stamp(ticket, kTileOffsets);
    if (data_warp) {
      a.add_offsets(s);
      a.store(plane_of(out, at.plane, batch.out_stride), at.I * W, at.J * W, wide_out);
    }
    if (Block::looks_back(a.warp)) finish_publish<Traits, W>(s, plane_sums, t, a.warp, a.lane, pending, pending_gs);
    timeline.stamp(ticket, kTileStored);
    ticket = next;
    at = next_at;
  }
}

// Fallback for input whose pointer or pitch is not chunk-aligned (or chunks narrower than
// cp.async's 4 bytes): one block per tile, loads straight into registers.
template <class Traits, int W, bool kBatch>
__global__ void __launch_bounds__(LookBackBlock<Traits, W>::kThreads, LookBackBlock<Traits, W>::kMinBlocks)
    skss_lb_kernel(Plane<const typename Traits::In> in, Plane<typename Traits::Acc> out,
                   LookBackState<typename Traits::Acc, W> st, int tiles_y, int tiles_x, BatchGeometry batch,
                   bool wide_in, bool wide_out, TileTimeline timeline) {
  using Agent = TileAgent<Traits, W>;
  using Block = LookBackBlock<Traits, W>;
  using Acc = typename Traits::Acc;
  __shared__ typename Agent::Shared s;
  __shared__ AboveTotalHandoff<Acc> s_above_total;
  __shared__ int s_ticket;
  __shared__ unsigned s_epoch;
  __shared__ Acc s_park[Block::kParkRows][96];

  take_ticket(st.header, gridDim.x - 1u, s_ticket, &s_epoch);  // a block per tile: one draw each
  if (threadIdx.x == 0) s_above_total.ready = 0;
  __syncthreads();
  const int ticket = s_ticket;
  auto sums = st.sums;
  sums.epoch = s_epoch;
  timeline.stamp(ticket, kTileStart);
  const TileAt at(ticket, tiles_y * tiles_x, tiles_y, tiles_x, !kBatch);
  const int I = at.I, J = at.J, t = I * tiles_x + J;
  const auto plane_sums = sums.of_plane(at.plane, tiles_y * tiles_x);
  Agent a;
  const bool data_warp = a.warp < Block::kDataWarps;  // always true; see the kernel above
  WarpVector<Acc, W> pending;
  Acc pending_gs;
  if (data_warp) {
    a.load(plane_of(in, at.plane, batch.in_stride), I * W, J * W, wide_in);
    a.scan(s);
    publish_own_row_totals<Traits, W>(s, plane_sums, t, a.warp, a.lane);
  }
  __syncthreads();
  timeline.stamp(ticket, kTileScanned);
  run_look_back<Traits, W>(a, s, s_park, s_above_total, plane_sums, I, J, tiles_x, ticket, pending, pending_gs);
  timeline.stamp(ticket, kTileLookedBack);
  if (data_warp) a.finish_scan(s);
  __syncthreads();
  timeline.stamp(ticket, kTileOffsets);
  if (data_warp) {
    a.add_offsets(s);
    a.store(plane_of(out, at.plane, batch.out_stride), I * W, J * W, wide_out);
  }
  if (Block::looks_back(a.warp)) finish_publish<Traits, W>(s, plane_sums, t, a.warp, a.lane, pending, pending_gs);
  timeline.stamp(ticket, kTileStored);
}

}  // namespace sat::detail
