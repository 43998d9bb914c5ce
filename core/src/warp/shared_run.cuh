// Runs of adjacent accumulators in shared memory, moved by one lane as wide words.
#pragma once

#include <cuda_runtime.h>

#include <cstring>

#include "support/memory.cuh"

namespace sat::detail {

// N adjacent accumulators in shared memory moved as wide words (≤ 16 bytes each): lane l works on
// entries [l·N, l·N + N), and scalar accesses with that stride would be N-way bank conflicts.
template <class Acc, int N>
struct SharedRun {
  static constexpr int kBytes = int(sizeof(Acc)) * N;
  static constexpr int kPieceBytes = kBytes < 16 ? kBytes : 16;
  static constexpr int kPieces = kBytes / kPieceBytes;
  using Raw = typename RawWord<kPieceBytes>::type;

  static __device__ __forceinline__ void load(const Acc* src, Acc (&dst)[N]) {
    Raw raw[kPieces];
#pragma unroll
    for (int p = 0; p < kPieces; ++p) raw[p] = reinterpret_cast<const Raw*>(src)[p];
    memcpy(dst, raw, kBytes);
  }
  static __device__ __forceinline__ void store(Acc* dst, const Acc (&src)[N]) {
    Raw raw[kPieces];
    memcpy(raw, src, kBytes);
#pragma unroll
    for (int p = 0; p < kPieces; ++p) reinterpret_cast<Raw*>(dst)[p] = raw[p];
  }
};

}  // namespace sat::detail
