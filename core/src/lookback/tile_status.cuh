// Tile status flags for single-kernel algorithms (1R1W-SKSS, 1R1W-SKSS-LB): how one block tells others that a tile's
// partial sums are in global memory, and how others wait for that.
//
// Protocol (the same as CUB's decoupled look-back for values too wide to pack with the flag):
//   writer: every lane stores its part of the data, __threadfence(), __syncwarp(), then lane 0
//           stores the new status with release semantics;
//   reader: every lane loads the status with acquire semantics; the warp acts on the minimum it
//           saw (so every lane has acquired at least that status), then reads the data from L2.
// Statuses only grow during a kernel. 1R1W-SKSS and 1R1W-SKSS-LB tag each flag with the call's
// epoch (below, and epoch.cuh), so their flags need no clearing between calls. (2R2W-optimal's
// column pass publishes packed {epoch, value} words instead: lookback/column_prefix.cuh.)
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

namespace sat::detail {

using TileFlag = uint32_t;

__device__ __forceinline__ void store_release(TileFlag* flag, TileFlag status) {
  asm volatile("st.release.gpu.global.u32 [%0], %1;" ::"l"(flag), "r"(status) : "memory");
}

__device__ __forceinline__ TileFlag load_acquire(const TileFlag* flag) {
  TileFlag v;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(flag) : "memory");
  return v;
}

__device__ __forceinline__ TileFlag warp_min(TileFlag v) {
#if __CUDA_ARCH__ >= 800
  return __reduce_min_sync(0xffffffffu, v);
#else
#pragma unroll
  for (int m = 16; m >= 1; m >>= 1) v = min(v, __shfl_xor_sync(0xffffffffu, v, m));
  return v;
#endif
}

// Whole warp: spins (with exponential back-off, so waiting warps leave issue slots and memory
// bandwidth to the warps that do work) until the tile's status is at least `need`; returns it.
__device__ __forceinline__ TileFlag warp_wait_status(const TileFlag* flag, TileFlag need) {
  unsigned delay_ns = 32;
  for (;;) {
    const TileFlag status = warp_min(load_acquire(flag));
    if (status >= need) return status;
    __nanosleep(delay_ns);
    if (delay_ns < 512) delay_ns *= 2;
  }
}

// Whole warp, after its lanes stored the data behind `flag`: make the data visible device-wide,
// then raise the status.
__device__ __forceinline__ void warp_publish(TileFlag* flag, TileFlag status) {
  __threadfence();
  __syncwarp();
  if ((threadIdx.x & 31u) == 0) store_release(flag, status);
}

// Epoch-tagged flags (see epoch.cuh): the stored word is epoch << 3 | status, and a word
// of another epoch reads as status 0, so flags need no clearing between calls.
__device__ __forceinline__ TileFlag tag_status(unsigned epoch, TileFlag status) { return (epoch << 3) | status; }
__device__ __forceinline__ TileFlag untag_status(TileFlag word, unsigned epoch) {
  return (word >> 3) == epoch ? (word & 7u) : 0u;
}

__device__ __forceinline__ TileFlag warp_wait_status(const TileFlag* flag, TileFlag need, unsigned epoch) {
  unsigned delay_ns = 32;
  for (;;) {
    const TileFlag status = warp_min(untag_status(load_acquire(flag), epoch));
    if (status >= need) return status;
    __nanosleep(delay_ns);
    if (delay_ns < 512) delay_ns *= 2;
  }
}

__device__ __forceinline__ void warp_publish(TileFlag* flag, TileFlag status, unsigned epoch) {
  warp_publish(flag, tag_status(epoch, status));
}

}  // namespace sat::detail
