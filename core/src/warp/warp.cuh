// Warp-level building blocks for accumulators of any size (32-bit words shuffled one by one).
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <cstring>

#include "support/element_traits.h"

namespace sat::detail {

// Warp shuffles of any trivially copyable accumulator, one 32-bit word at a time: `shuffle`
// moves one word (a __shfl*_sync call).
template <class T, class Shuffle>
__device__ __forceinline__ T shuffle_words(T value, Shuffle shuffle) {
  static_assert(sizeof(T) % 4 == 0, "accumulators are whole 32-bit words");
  uint32_t w[sizeof(T) / 4];
  memcpy(w, &value, sizeof(T));
#pragma unroll
  for (int k = 0; k < int(sizeof(T) / 4); ++k) w[k] = shuffle(w[k]);
  memcpy(&value, w, sizeof(T));
  return value;
}

template <class T>
__device__ __forceinline__ T shfl_up(T value, unsigned delta) {
  return shuffle_words(value, [delta](uint32_t w) { return __shfl_up_sync(0xffffffffu, w, delta); });
}
template <class T>
__device__ __forceinline__ T shfl(T value, int src_lane) {
  return shuffle_words(value, [src_lane](uint32_t w) { return __shfl_sync(0xffffffffu, w, src_lane); });
}
template <class T>
__device__ __forceinline__ T shfl_xor(T value, int mask) {
  return shuffle_words(value, [mask](uint32_t w) { return __shfl_xor_sync(0xffffffffu, w, mask); });
}

// Inclusive warp scan (Kogge-Stone over shuffles, 5 steps), all 32 lanes active.
template <class T>
__device__ __forceinline__ T warp_inclusive_scan(T value) {
  const unsigned lane = threadIdx.x & 31u;
#pragma unroll
  for (unsigned d = 1; d < 32; d <<= 1) {
    T other = shfl_up(value, d);
    if (lane >= d) value = value + other;
  }
  return value;
}

// Sum over the warp, result in every lane.
template <class T>
__device__ __forceinline__ T warp_sum(T value) {
#pragma unroll
  for (int m = 16; m >= 1; m >>= 1) value = value + shfl_xor(value, m);
  return value;
}

}  // namespace sat::detail
