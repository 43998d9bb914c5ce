// The kernels of 1R1W-SKSS-LB (Emoto et al., section IV): one kernel per call, tiles handed out in
// diagonal-major order by an atomic ticket, look-back over row, column and diagonal partial sums.
// Global traffic: one read and one write per element plus O(n²/W).
//
// Each kernel is a thin shell around the agent (agent/skss_lb_agent.cuh), which does everything a
// block does with one tile; the shells only hand out tickets and say where a tile's input comes
// from and how its carries are found:
//   - skss_lb_pipelined_kernel: persistent blocks, the next tile prefetched while the current one
//     looks back and stores; carries by the chained look-back (chained_carries.cuh);
//   - skss_lb_tile_per_block_kernel<…, ChainedCarries>: one block per tile, loads straight into
//     registers (input that is not chunk-aligned); chained look-back;
//   - skss_lb_tile_per_block_kernel<…, OneWaveCarries>: one block per tile when every tile fits on
//     the GPU at once; carries from the locals of every tile before it (one_wave_carries.cuh).
// The ring kernel (ring_kernel.cuh) runs the same agent's steps in two groups of warps, so that a
// block's data warps go on to the next tile while its look-back warps find the carries; which
// kernel a call runs is decided in skss_lb_1r1w.cu (choose_kernel).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <type_traits>

#include "agent/skss_lb_agent.cuh"
#include "algorithms/skss_lb/chained_carries.cuh"
#include "algorithms/skss_lb/one_wave_carries.cuh"
#include "algorithms/skss_lb/tickets.cuh"
#include "lookback/tile_timeline.cuh"

namespace sat::detail {

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
  using Agent = SkssLbAgent<Traits, W, ChainedCarries<Traits, W>>;
  using Tile = typename Agent::Tile;
  __shared__ typename Agent::Shared s;
  extern __shared__ __align__(16) unsigned char dynamic_smem[];
  auto& stage = *reinterpret_cast<typename Tile::Stage*>(dynamic_smem);
  const PersistentTickets space(tiles_y, tiles_x, batch, kBatch);
  const int tiles = space.tiles, all_tiles = space.all_tiles;
  const unsigned last_ticket = space.last_ticket;

  Agent agent(s);
  take_ticket(st.header, last_ticket, s.ticket, &s.epoch);
  __syncthreads();
  int ticket = s.ticket;
  auto sums = st.sums;
  sums.epoch = s.epoch;
  __syncthreads();  // everyone has read it before thread 0 takes the next one into the same slot
  TileAt at(ticket < all_tiles ? ticket : 0, tiles, tiles_y, tiles_x, !kBatch);
  if (ticket < all_tiles && agent.data_warp())
    agent.a.prefetch(stage, plane_of(in, at.plane, batch.in_stride), at.I * W, at.J * W);
  while (ticket < all_tiles) {
    int next = 0;
    TileAt next_at = at;
    agent.consume_tile(
        ticket, at.I, at.J, tiles_x, sums.of_plane(at.plane, tiles), plane_of(out, at.plane, batch.out_stride),
        wide_out, timeline,
        [&](Tile& a) {
          a.load_prefetched(stage);
          take_ticket(st.header, last_ticket, s.ticket);  // visible after the agent's first barrier
        },
        [&] {
          next = s.ticket;
          next_at = TileAt(next < all_tiles ? next : 0, tiles, tiles_y, tiles_x, !kBatch);
          if (agent.data_warp() && next < all_tiles)
            agent.a.prefetch(stage, plane_of(in, next_at.plane, batch.in_stride), next_at.I * W, next_at.J * W);
        });
    ticket = next;
    at = next_at;
  }
}

// One block per tile, in ticket order: with ChainedCarries the fallback for input whose pointer or
// pitch is not chunk-aligned (or chunks narrower than cp.async's 4 bytes); with OneWaveCarries the
// one-wave kernel. Loads go straight into registers.
template <class Traits, int W, bool kBatch, class Carries>
__global__ void __launch_bounds__(LookBackBlock<Traits, W>::kThreads, LookBackBlock<Traits, W>::kMinBlocks)
    skss_lb_tile_per_block_kernel(Plane<const typename Traits::In> in, Plane<typename Traits::Acc> out,
                                  LookBackState<typename Traits::Acc, W> st, int tiles_y, int tiles_x,
                                  BatchGeometry batch, bool wide_in, bool wide_out, TileTimeline timeline) {
  using Agent = SkssLbAgent<Traits, W, Carries>;
  using Tile = typename Agent::Tile;
  __shared__ typename Agent::Shared s;

  Agent agent(s);
  take_ticket(st.header, gridDim.x - 1u, s.ticket, &s.epoch);  // a block per tile: one draw each
  __syncthreads();
  const int ticket = s.ticket;
  auto sums = st.sums;
  sums.epoch = s.epoch;
  const int tiles = tiles_y * tiles_x;
  const TileAt at(ticket, tiles, tiles_y, tiles_x, !kBatch);
  const Plane<const typename Traits::In> plane_in = plane_of(in, at.plane, batch.in_stride);
  agent.consume_tile(
      ticket, at.I, at.J, tiles_x, sums.of_plane(at.plane, tiles), plane_of(out, at.plane, batch.out_stride), wide_out,
      timeline, [&](Tile& a) { a.load(plane_in, at.I * W, at.J * W, wide_in); }, [] {});
}

}  // namespace sat::detail
