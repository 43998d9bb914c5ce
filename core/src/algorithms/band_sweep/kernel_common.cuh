// What both band-sweep kernels share: the cp.async wait, the look-back type of a policy and the
// blocks per SM their launch bounds ask for.
#pragma once

#include <cuda_runtime.h>

#include "algorithms/band_sweep/band_look_back.cuh"

namespace sat::detail::band_sweep {

template <int N>
__device__ __forceinline__ void copy_async_wait_pending() {
#if __CUDA_ARCH__ >= 800
  asm volatile("cp.async.wait_group %0;" ::"n"(N) : "memory");
#endif
}

template <class P>
using LookBackOf = BandLookBack<P::kChunkCols, P::kFoldBatch>;

// The blocks per SM the launch bounds ask registers for: the policy's, within the threads an SM of
// the architecture being compiled holds (the policy is Hopper's; sm_75 holds 1024, sm_86/89 1536).
template <class P>
constexpr int launch_min_blocks() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ == 750
  constexpr int threads_per_sm = 1024;
#elif defined(__CUDA_ARCH__) && (__CUDA_ARCH__ == 860 || __CUDA_ARCH__ == 870 || __CUDA_ARCH__ == 890)
  constexpr int threads_per_sm = 1536;
#else
  constexpr int threads_per_sm = 2048;
#endif
  return P::kMinBlocks < threads_per_sm / P::kThreads ? P::kMinBlocks : threads_per_sm / P::kThreads;
}

}  // namespace sat::detail::band_sweep
