// Stream compaction of a warp's survivors into a list: one atomicAdd per warp, and the kept
// items in lane order (neighbouring windows stay neighbours in the list, so the next stage's
// warps read neighbouring table elements). Device code only.
#pragma once

#include <cuda_runtime.h>

namespace sat::detect {

// Appends `item` of every lane whose `keep` is true to out[*count ...], in lane order. Every lane
// of the warp must call it (full-warp ballot); blockDim.x must be a multiple of 32.
template <class T>
__device__ __forceinline__ void warp_append(bool keep, const T& item, T* out, unsigned* count) {
  const unsigned lane = threadIdx.x & 31u;
  const unsigned kept = __ballot_sync(0xffffffffu, keep);
  if (kept == 0) return;
  unsigned base = 0;
  if (lane == 0) base = atomicAdd(count, unsigned(__popc(kept)));
  base = __shfl_sync(0xffffffffu, base, 0);
  if (keep) out[base + unsigned(__popc(kept & ((1u << lane) - 1u)))] = item;
}

}  // namespace sat::detect
