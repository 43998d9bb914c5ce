// WarpVector: a W-vector held by one warp. The look-back, the tile agent and the kernels that
// pass row or column sums between tiles all hold their vectors this way.
#pragma once

#include <cuda_runtime.h>

#include "support/memory.cuh"
#include "warp/shared_run.cuh"
#include "warp/warp.cuh"

namespace sat::detail {

// A W-vector spread over one warp, C = W/32 adjacent entries per lane (the agent's column layout,
// also used for row-indexed vectors such as LRS/GRS).
template <class Acc, int W>
struct WarpVector {
  static constexpr int kCols = W / 32;
  Acc e[kCols];

  __device__ __forceinline__ void fill(Acc value) {
#pragma unroll
    for (int c = 0; c < kCols; ++c) e[c] = value;
  }
  __device__ __forceinline__ void load_shared(const Acc* src, int lane) {
    SharedRun<Acc, kCols>::load(src + lane * kCols, e);
  }
  // Global data published by another block: bypass L1 (which is not coherent across SMs).
  __device__ __forceinline__ void load_global(const Acc* src, int lane) {
#pragma unroll
    for (int c = 0; c < kCols; ++c) e[c] = load_l2(src + lane * kCols + c);
  }
  __device__ __forceinline__ void add_global(const Acc* src, int lane) {
#pragma unroll
    for (int c = 0; c < kCols; ++c) e[c] = e[c] + load_l2(src + lane * kCols + c);
  }
  __device__ __forceinline__ void store_global(Acc* dst, int lane) const {
#pragma unroll
    for (int c = 0; c < kCols; ++c) store_l2(dst + lane * kCols + c, e[c]);
  }
  __device__ __forceinline__ void store_shared(Acc* dst, int lane) const {
    SharedRun<Acc, kCols>::store(dst + lane * kCols, e);
  }
  __device__ __forceinline__ WarpVector operator+(const WarpVector& o) const {
    WarpVector r;
#pragma unroll
    for (int c = 0; c < kCols; ++c) r.e[c] = e[c] + o.e[c];
    return r;
  }
  // Inclusive prefix over the whole W-vector; returns the total (in every lane).
  __device__ __forceinline__ Acc inclusive_scan(int lane) {
#pragma unroll
    for (int c = 1; c < kCols; ++c) e[c] = e[c] + e[c - 1];
    const Acc incl = warp_inclusive_scan(e[kCols - 1]);
    const Acc excl = shfl_up(incl, 1u);
    if (lane > 0) {
#pragma unroll
      for (int c = 0; c < kCols; ++c) e[c] = e[c] + excl;
    }
    return shfl(incl, 31);
  }
  // Sum of the W entries, in every lane.
  __device__ __forceinline__ Acc sum() const {
    Acc t = e[0];
#pragma unroll
    for (int c = 1; c < kCols; ++c) t = t + e[c];
    return warp_sum(t);
  }
};

}  // namespace sat::detail
