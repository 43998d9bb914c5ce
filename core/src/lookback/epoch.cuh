// Per-call epochs for look-back state, so nothing has to be cleared between calls.
//
// Every value or flag a block publishes carries the epoch of its call; a reader only accepts
// words of the current epoch, so whatever an earlier call left behind reads as "not yet
// published". The workspace starts with a LookBackHeader; one single-block prologue kernel per
// call bumps the epoch and resets the ticket counter (it replaces a memset of the flags). The
// first time it meets a workspace (no magic, or memory it has not cleared yet) it clears it once,
// so garbage can never look like a published value either.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

namespace sat::detail {

struct LookBackHeader {
  unsigned long long magic;          // kLookBackMagic once initialised
  unsigned long long cleared_bytes;  // body bytes known to hold no current-looking words
  unsigned epoch;                    // current call's epoch, 1 … kMaxEpoch
  unsigned ticket;                   // tile ticket counter, 0 at the start of each call
};

inline constexpr unsigned long long kLookBackMagic = 0x7361742d6c622d31ull;  // "sat-lb-1"
// Flags pack the epoch above a 3-bit status: keep epoch << 3 inside 32 bits.
inline constexpr unsigned kMaxEpoch = (1u << 29) - 1;

// One block. `body` is the workspace after the header (16-byte aligned), `body_bytes` what this
// call uses of it (a multiple of 16).
__global__ void lookback_prologue(LookBackHeader* header, uint4* body, unsigned long long body_bytes);

// Launches the prologue on `stream` (checked).
void begin_lookback_call(LookBackHeader* header, void* body, std::size_t body_bytes, cudaStream_t stream);

// 64-bit words holding a 32-bit value and the epoch it was published in; single-copy atomic, so
// a reader sees either the old word or the new one, never a mix: no fence is needed to publish.
__device__ __forceinline__ unsigned long long pack_word(unsigned epoch, uint32_t bits) {
  return (static_cast<unsigned long long>(epoch) << 32) | bits;
}
__device__ __forceinline__ void store_word(unsigned long long* p, unsigned long long w) {
  asm volatile("st.relaxed.gpu.global.u64 [%0], %1;" ::"l"(p), "l"(w) : "memory");
}
__device__ __forceinline__ unsigned long long load_word(const unsigned long long* p) {
  unsigned long long w;
  asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(w) : "l"(p) : "memory");
  return w;
}

}  // namespace sat::detail
