// The ring kernel of 1R1W-SKSS-LB: persistent blocks in which no warp that holds tile data waits
// for a look-back before it moves on to the next tile.
//
// The pipelined kernel (kernels.cuh) does one tile at a time: its 16 data warps hold the tile in
// registers from the scan to the store and sit idle while three of them look back, so a block has
// one tile's look-back in flight and an SM's progress stops whenever its tiles wait on their
// neighbours (docs/tuning-notes.md, steps 19 and 32). Here the block splits in two groups of warps
// that hand tiles to each other through a ring of two carry slots in shared memory:
//   - the data warps (the tile agent's warps) load tile i from the prefetch stage, scan it, publish
//     its local sums, park the local table in slot i mod 2 and hand the slot to the look-back
//     warps; then they take back tile i − 1 (its carries found meanwhile), add the offsets and
//     store it — and go on to tile i + 1;
//   - three look-back warps find tile i's carries (the chained look-back, chained_carries.cuh),
//     publish its global sums, GS included, and hand the slot back. Each of them goes on to the
//     next slot on its own: the row and column warps do not wait for the diagonal warp, whose
//     corner needs GLS of the tile up-left — the longest wait —, so GRS, GCS and GLS of tile
//     i + 1 can go out while the corner of tile i is still being found.
// The next tile's input streams into a stage while the data warps work: on Hopper, where the
// input's rows are 16-byte aligned, as one tensor copy (block/tensor_copy.cuh) that thread 0
// issues as soon as the stage is read; otherwise by each thread's cp.async after the hand-over.
// So the look-back of tile i overlaps the store of tile i − 1 and the load and scan of tile i + 1,
// and a tile's global sums go out as soon as its look-back ends, not after its block's previous
// tile was stored. The data warps publish the local sums (LRS after the row scans, LCS with the
// column totals), so a tile's locals never wait for the look-back warps to reach it.
//
// Hand-offs are named barriers (block/named_barrier.cuh): per slot and look-back warp one
// "scanned" barrier (data warps arrive, that warp syncs) and per slot one "carried" barrier (the
// look-back warps arrive, the data warps sync). Two slots, so a barrier's next phase starts only
// after its previous one completed: the data warps arrive at scanned[k] for tile i + 2 only after
// syncing carried[k] for tile i, which each look-back warp arrives at only after syncing its
// scanned[k] for tile i. Inside a slot the look-back warps hand values to each other through
// flags (AboveTotalHandoff, one per slot, since a warp may be one tile ahead of another): Σ GCS
// above, column warp → row warp; the L-shape sum, row warp → diagonal warp, which publishes GS.
//
// No deadlock, as in the pipelined kernel: tickets are drawn in order and each warp handles its
// block's tiles in ticket order; the look-back of a tile waits only on smaller tickets and, inside
// the block, on the other look-back warps' part of the same tile; the data warps scan a ticket
// after storing the block's tile two tickets back, whose carries depend only on smaller tickets.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "agent/tile_agent.cuh"
#include "algorithms/skss_lb/chained_carries.cuh"
#include "algorithms/skss_lb/tickets.cuh"
#include "block/named_barrier.cuh"
#include "block/tensor_copy.cuh"
#include "lookback/state.cuh"
#include "lookback/tile_timeline.cuh"
#include "support/plane.cuh"
#include "warp/shared_run.cuh"

namespace sat::detail {

// What the data warps hand the look-back warps for one tile, and what comes back.
template <class Acc, int W>
struct RingCarrySlot {
  static constexpr int kCols = W / 32;
  alignas(16) Acc row_total[W];        // LRS
  alignas(16) Acc col_total[W];        // LCS
  alignas(16) Acc row_offset[W];       // inclusive prefix of GRS(I, J−1)
  alignas(16) Acc col_offset[W];       // inclusive prefix of GCS(I−1, J)
  Acc corner;                          // GS(I−1, J−1)
  int ticket;                          // the tile's ticket; −1: the block has no more tiles
  AboveTotalHandoff<Acc> above_total;  // Σ GCS(I−1,J), column warp → row warp
  AboveTotalHandoff<Acc> l_shape;      // GLS(I,J), row warp → diagonal warp

  __device__ __forceinline__ void column_totals(int lane, Acc (&total)[kCols]) const {
    SharedRun<Acc, kCols>::load(&col_total[lane * kCols], total);
  }
};

template <class Traits, int W>
struct RingBlock {
  using Tile = TileAgent<Traits, W>;
  using Acc = typename Traits::Acc;
  static constexpr int kSlots = 2;
  static constexpr int kDataWarps = Tile::kWarps;
  static constexpr int kDataThreads = Tile::kThreads;
  static constexpr int kLookBackWarps = 3;  // row, column, diagonal (chained_carries.cuh)
  static constexpr int kLookBackThreads = 32 * kLookBackWarps;
  static constexpr int kThreads = kDataThreads + kLookBackThreads;
  // The look-back warps hold no tile data, so their folds keep more loads in flight than the
  // pipelined kernel's (tuning/tile_policy.h).
  static constexpr int kWordsInFlight = TilePolicyOf<Acc, W>::kRingLookBackWordsInFlight;
  static constexpr int kParkValues = Tile::kRows * Tile::kCols;

  // Barrier ids (0 is __syncthreads'; 16 in all).
  static constexpr int kDataBarrier = 1;  // the data warps among themselves
  static constexpr int kScanned = 2;      // + slot · 3 + look-back warp: data warps → that warp
  static constexpr int kCarried = kScanned + kSlots * kLookBackWarps;  // + slot: look-back warps → data warps
  static_assert(kCarried + kSlots <= 16, "named barriers");
  static constexpr int kScannedThreads = kDataThreads + 32;
  __device__ __forceinline__ static void hand_over(int slot) {  // data warps: the slot to every look-back warp
    for (int w = 0; w < kLookBackWarps; ++w)
      named_barrier_arrive(kScanned + slot * kLookBackWarps + w, kScannedThreads);
  }

  struct Shared {
    typename Tile::Shared exchange;  // the scan's per-warp partials (data warps only)
    RingCarrySlot<Acc, W> slot[kSlots];
    TensorCopyBarrier stage_full;  // the stage's tensor copy landed (sm_90+)
    int next_ticket;
    unsigned epoch;
  };
  struct Dynamic {
    alignas(kTensorCopyAlign) typename Tile::Stage stage;  // the next tile's input, streaming in
    Acc parked[kSlots][kParkValues][kDataThreads];         // each slot's local table, thread-fastest
  };
  static constexpr std::size_t kDynamicBytes = sizeof(Dynamic);
  // Within what Hopper gives one block (227 KB); a device that gives less is checked on the host
  // (ring_residency) and runs the pipelined kernel.
  static constexpr bool kFits = Tile::kCanPrefetch && sizeof(Dynamic) + sizeof(Shared) <= 227u * 1024u;
  // Blocks per SM the launch bounds ask registers for: as many as the shared memory allows, at
  // most two (a tile of 4-byte sums at W = 64 would fit four, at too few registers).
  static constexpr int kMinBlocks =
      (228u * 1024u) / (sizeof(Dynamic) + sizeof(Shared) + 1024u) >= 2 && 2 * kThreads <= 2048 ? 2 : 1;
};

template <class Traits, int W, bool kBatch>
__global__ void __launch_bounds__(RingBlock<Traits, W>::kThreads, RingBlock<Traits, W>::kMinBlocks)
    skss_lb_ring_kernel(Plane<const typename Traits::In> in, Plane<typename Traits::Acc> out,
                        LookBackState<typename Traits::Acc, W> st, int tiles_y, int tiles_x, BatchGeometry batch,
                        bool wide_out, const __grid_constant__ CUtensorMap in_map, bool has_in_map,
                        TileTimeline timeline) {
  using Block = RingBlock<Traits, W>;
  using Tile = typename Block::Tile;
  using Acc = typename Traits::Acc;
  __shared__ typename Block::Shared s;
  extern __shared__ __align__(kTensorCopyAlign) unsigned char dynamic_smem[];
  auto& dyn = *reinterpret_cast<typename Block::Dynamic*>(dynamic_smem);
  const PersistentTickets space(tiles_y, tiles_x, batch, kBatch);
  const int tiles = space.tiles, all_tiles = space.all_tiles;
  const unsigned last_ticket = space.last_ticket;
  const int warp = int(threadIdx.x) >> 5, lane = int(threadIdx.x) & 31;

  if (threadIdx.x == 0) {
    const TicketDraw d = draw_ticket(st.header, last_ticket);
    s.next_ticket = int(d.ticket);
    s.epoch = d.epoch;
    for (auto& slot : s.slot) slot.above_total.ready = slot.l_shape.ready = 0;
    s.stage_full.init();
  }
  __syncthreads();
  auto sums = st.sums;
  sums.epoch = s.epoch;
  const int first = s.next_ticket;
  __syncthreads();  // everyone has read it before thread 0 draws the next one into the same slot

  if (warp < Block::kDataWarps) {
    Tile a;
    int ticket = first, i = 0;
    TileAt at(ticket < all_tiles ? ticket : 0, tiles, tiles_y, tiles_x, !kBatch);
    TileAt stored_at = at;  // the tile parked one iteration ago
    // With a tensor map of the input (sm_90+, 16-byte aligned rows) the stage fills through the
    // copy engine, one copy per tile that thread 0 issues; otherwise each thread's cp.async.
    const bool tensor_in = kHasTensorCopy && has_in_map;
    const auto prefetch = [&](const TileAt& n) {
      if (!tensor_in)
        a.prefetch(dyn.stage, plane_of(in, n.plane, batch.in_stride), n.I * W, n.J * W);
      else if (threadIdx.x == 0)
        Tile::prefetch_tile(dyn.stage, in_map, n.plane, n.I * W, n.J * W, s.stage_full);
    };
    unsigned stage_parity = 0;
    if (ticket < all_tiles) prefetch(at);
    // Tile i − 1: wait for its carries, add them to its parked local table and write it.
    const auto store_parked = [&](int k, const TileAt& p, int p_ticket) {
      named_barrier_sync(Block::kCarried + k, Block::kThreads);
      timeline.stamp(p_ticket, kTileOffsets);
      a.unpark(dyn.parked[k]);
      a.add_offsets(s.slot[k]);
      a.store(plane_of(out, p.plane, batch.out_stride), p.I * W, p.J * W, wide_out);
      timeline.stamp(p_ticket, kTileStored);
    };
    int stored_ticket = 0;
    while (ticket < all_tiles) {
      const int k = i & 1;
      RingCarrySlot<Acc, W>& slot = s.slot[k];
      const auto tile_sums = sums.of_plane(at.plane, tiles);
      const int t = at.I * tiles_x + at.J;
      timeline.stamp(ticket, kTileStart);
      if (tensor_in) {
        a.load_prefetched_tile(dyn.stage, s.stage_full, stage_parity);
        stage_parity ^= 1u;
      } else {
        a.load_prefetched(dyn.stage);
      }
      if (threadIdx.x == 0) s.next_ticket = int(draw_ticket(st.header, last_ticket).ticket);
      a.scan(s.exchange);
      __syncwarp();  // lane 31 wrote the totals of the warp's rows: successors may add them now
      if (lane < Tile::kRows) {
        const int r = warp * Tile::kRows + lane;
        tile_sums.publish_row_local_entry(t, r, s.exchange.row_total[r]);
      }
      named_barrier_sync(Block::kDataBarrier, Block::kDataThreads);  // partials and next ticket out
      timeline.stamp(ticket, kTileScanned);
      const int next = s.next_ticket;
      const TileAt next_at(next < all_tiles ? next : 0, tiles, tiles_y, tiles_x, !kBatch);
      // A tensor copy goes out now: every thread has read the stage (the barrier above), and the
      // copy engine's loads do not delay the look-back warps' probes (cp.async's would).
      if (tensor_in && next < all_tiles) prefetch(next_at);
      a.finish_scan(s.exchange);
      if (int(threadIdx.x) < W) {
        const Acc col_total = Tile::column_total(s.exchange, int(threadIdx.x));
        slot.row_total[threadIdx.x] = s.exchange.row_total[threadIdx.x];
        slot.col_total[threadIdx.x] = col_total;
        // LCS out now, not when the look-back warps reach this tile (after the block's previous
        // tile's look-back): the tile below may be waiting for it.
        tile_sums.publish_col_local_entry(t, int(threadIdx.x), col_total);
      }
      if (threadIdx.x == 0) slot.ticket = ticket;
      a.park(dyn.parked[k]);
      named_barrier_sync(Block::kDataBarrier, Block::kDataThreads);  // the exchange is free again
      Block::hand_over(k);
      // Without a tensor map the next tile's cp.async loads go out after the hand-over, so that
      // the look-back warps' first probes are not queued behind them. The stage is free: each
      // thread has read back what it copied itself.
      if (!tensor_in && next < all_tiles) prefetch(next_at);
      if (i > 0) store_parked(k ^ 1, stored_at, stored_ticket);
      stored_at = at;
      stored_ticket = ticket;
      ticket = next;
      at = next_at;
      ++i;
    }
    // The look-back warps stop at a slot without a ticket (its last tile, i − 2, is stored). The
    // data warps meet before handing it over, as they do after every tile: the hand-off is then
    // the same pattern each time (compute-sanitizer's racecheck reports the write otherwise).
    if (threadIdx.x == 0) s.slot[i & 1].ticket = -1;
    named_barrier_sync(Block::kDataBarrier, Block::kDataThreads);
    Block::hand_over(i & 1);
    if (i > 0) store_parked((i - 1) & 1, stored_at, stored_ticket);
  } else {
    using Roles = LookBackBlock<Traits, W>;
    const int look_back_warp = warp - Block::kDataWarps;  // row, column, diagonal
    for (int i = 0;; ++i) {
      const int k = i & 1;
      RingCarrySlot<Acc, W>& slot = s.slot[k];
      named_barrier_sync(Block::kScanned + k * Block::kLookBackWarps + look_back_warp, Block::kScannedThreads);
      const int ticket = slot.ticket;
      if (ticket < 0) break;
      const TileAt at(ticket, tiles, tiles_y, tiles_x, !kBatch);
      const auto tile_sums = sums.of_plane(at.plane, tiles);
      timeline.walk_begins(ticket, TileWalk(look_back_warp), lane);
      Acc l_shape;  // the row warp's: GS less the corner
      look_back_tile<Traits, W, Block::kWordsInFlight, false>(slot, slot.above_total, tile_sums, at.I, at.J, tiles_x,
                                                              ticket, look_back_warp, lane, l_shape, timeline);
      if (look_back_warp == Roles::kRowWarp) {
        slot.l_shape.give(ticket, l_shape, lane);
      } else if (look_back_warp == Roles::kDiagWarp) {
        __syncwarp();  // lane 0 wrote the corner
        tile_sums.publish_global_sum(at.I * tiles_x + at.J, slot.corner + slot.l_shape.take(ticket), lane);
        timeline.stamp_by(lane == 0, ticket, kTileLookedBack);
      }
      named_barrier_arrive(Block::kCarried + k, Block::kThreads);
    }
  }
}

}  // namespace sat::detail
