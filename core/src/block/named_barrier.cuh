// Named barriers (bar.sync / bar.arrive with an id and a thread count): groups of warps in one
// block synchronise among themselves, and a producer group hands data to a consumer group without
// waiting for it (the producers arrive, the consumers sync; the producers' shared-memory writes
// before arriving are visible to the consumers after their sync). Id 0 is __syncthreads'.
// `threads` is a multiple of 32, the warps of every participating group together.
#pragma once

#include <cuda_runtime.h>

namespace sat::detail {

__device__ __forceinline__ void named_barrier_sync(int id, int threads) {
  asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(threads) : "memory");
}

__device__ __forceinline__ void named_barrier_arrive(int id, int threads) {
  asm volatile("bar.arrive %0, %1;" ::"r"(id), "r"(threads) : "memory");
}

}  // namespace sat::detail
