// Per-tile timeline of the single-pass kernel, behind a compile-time switch (CMake
// -DSATLAB_TILE_TIMELINE=ON defines SAT_TILE_TIMELINE): %globaltimer stamps at the points of a
// tile's life, written by thread 0 of the block that did the tile, indexed by ticket. Off, every
// call below compiles to nothing and the kernels carry an empty struct.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "lookback/look_back.cuh"

namespace sat::detail {

// What a tile's stamps mean (nanoseconds of the GPU's global timer).
enum TileMoment : int {
  kTileStart = 0,       // the block starts the tile: ticket known, waits for its prefetched data
  kTileScanned = 1,     // after the first barrier: local scans done, next ticket known
  kTileLookedBack = 2,  // the row warp has GRS and GLS out (packed protocol: thread 0's warp)
  kTileOffsets = 3,     // after the second barrier: offsets and corner in shared memory
  kTileStored = 4,      // the block's stores of the tile are issued
  kTileMoments = 5
};

// The look-back warps of the ring kernel (row, column, diagonal), each on its own: when its
// global sum (row: GRS, column: GCS, diagonal: the corner) was out, and its walk.
enum TileWalk : int { kRowWalk = 0, kColWalk = 1, kDiagWalk = 2, kTileWalks = 3 };

struct TileStamps {
  unsigned long long at[kTileMoments];
  unsigned sm;
  unsigned block;
  unsigned long long walk_start[kTileWalks];  // the warp starts on the tile (ring kernel)
  unsigned long long walk_done[kTileWalks];
  short walk_at[kTileWalks];  // the walk's start (predecessors back − 1), −1: none
  unsigned char walk_from_global[kTileWalks];
  unsigned char walk_probes[kTileWalks];
};

#ifdef SAT_TILE_TIMELINE
struct TileTimeline {
  TileStamps* stamps = nullptr;  // [tickets], or null: record nothing
  std::size_t capacity = 0;
  __device__ __forceinline__ static unsigned long long now() {  // the GPU's global timer, ns
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
  }
  __device__ __forceinline__ void stamp(int ticket, TileMoment m) const { stamp_by(threadIdx.x == 0, ticket, m); }
  // The same, written by the thread for which `writer` holds (a kernel whose thread 0 does not
  // see that moment: the ring kernel's look-back warps).
  __device__ __forceinline__ void stamp_by(bool writer, int ticket, TileMoment m) const {
    if (stamps == nullptr || std::size_t(ticket) >= capacity || !writer) return;
    stamps[ticket].at[m] = now();
    if (m == kTileStart) {
      unsigned sm;
      asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
      stamps[ticket].sm = sm;
      stamps[ticket].block = blockIdx.x;
    }
  }
  __device__ __forceinline__ void walk_begins(int ticket, TileWalk which, int lane) const {
    if (stamps == nullptr || std::size_t(ticket) >= capacity || lane != 0) return;
    stamps[ticket].walk_start[which] = now();
  }
  // Lane 0 of look-back warp `which` records its walk and the time its result is out.
  __device__ __forceinline__ void walked(int ticket, TileWalk which, int lane, const LookBackWalk& w) const {
    if (stamps == nullptr || std::size_t(ticket) >= capacity || lane != 0) return;
    TileStamps& s = stamps[ticket];
    s.walk_done[which] = now();
    s.walk_at[which] = short(w.at);
    s.walk_from_global[which] = w.from_global;
    s.walk_probes[which] = (unsigned char)(w.probes < 255 ? w.probes : 255);
  }
};
#else
struct TileTimeline {
  __device__ __forceinline__ void stamp(int, TileMoment) const {}
  __device__ __forceinline__ void stamp_by(bool, int, TileMoment) const {}
  __device__ __forceinline__ void walk_begins(int, TileWalk, int) const {}
  __device__ __forceinline__ void walked(int, TileWalk, int, const LookBackWalk&) const {}
};
#endif

// Host: where the next 1R1W-SKSS-LB launches record (timeline builds only; null turns it off).
// Defined in skss_lb_1r1w.cu.
void set_tile_timeline(TileStamps* device_stamps, std::size_t capacity);

}  // namespace sat::detail
