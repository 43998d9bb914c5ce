// Tickets and planes of 1R1W-SKSS-LB's kernels (kernels.cuh, ring_kernel.cuh): drawing a block's
// next ticket, the tile and plane a ticket stands for, and a plane of a batch.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <type_traits>

#include "block/diagonal_order.cuh"
#include "lookback/epoch.cuh"
#include "support/plane.cuh"

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
// plane, so the kernels' no-deadlock argument holds for the whole batch.
struct BatchGeometry {
  int planes;
  std::size_t in_stride, out_stride;  // bytes between planes
};

// A persistent launch's tickets: the tiles of a plane, of every plane, and the last ticket drawn
// (every block draws until it gets one past the tiles: all + gridDim.x draws in all).
struct PersistentTickets {
  int tiles, all_tiles;
  unsigned last_ticket;
  __device__ __forceinline__ PersistentTickets(int tiles_y, int tiles_x, const BatchGeometry& batch, bool batched)
      : tiles(tiles_y * tiles_x),
        all_tiles(batched ? tiles * batch.planes : tiles),
        last_ticket(unsigned(all_tiles) + gridDim.x - 1u) {}
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

}  // namespace sat::detail
