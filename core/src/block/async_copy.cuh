// cp.async (sm_80+): global → shared copies that run in the background while the block computes.
// Used to prefetch the next tile, whole pieces only: with `src_bytes` < Bytes the instruction
// zero-fills the rest, but compute-sanitizer (memcheck) reports it reading the whole piece, so the
// tile agent copies partial pieces at image edges itself. On older GPUs the copy is synchronous.
#pragma once

#include <cuda_runtime.h>

#include <cstring>

namespace sat::detail {

template <int Bytes>
__device__ __forceinline__ void copy_async(void* smem, const void* gmem, int src_bytes) {
  static_assert(Bytes == 4 || Bytes == 8 || Bytes == 16, "cp.async copies 4, 8 or 16 bytes");
#if __CUDA_ARCH__ >= 800
  const unsigned s = unsigned(__cvta_generic_to_shared(smem));
  if constexpr (Bytes == 16) {
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(s), "l"(gmem), "r"(src_bytes) : "memory");
  } else {
    asm volatile("cp.async.ca.shared.global [%0], [%1], %2, %3;" ::"r"(s), "l"(gmem), "n"(Bytes), "r"(src_bytes)
                 : "memory");
  }
#else
  unsigned char buf[Bytes] = {};
  for (int b = 0; b < src_bytes; ++b) buf[b] = static_cast<const unsigned char*>(gmem)[b];
  memcpy(smem, buf, Bytes);
#endif
}

__device__ __forceinline__ void copy_async_commit() {
#if __CUDA_ARCH__ >= 800
  asm volatile("cp.async.commit_group;" ::: "memory");
#endif
}

// Waits for this thread's outstanding copies (each thread reads back only what it copied, so no
// barrier is needed for visibility).
__device__ __forceinline__ void copy_async_wait_all() {
#if __CUDA_ARCH__ >= 800
  asm volatile("cp.async.wait_all;" ::: "memory");
#endif
}

}  // namespace sat::detail
