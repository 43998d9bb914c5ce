// Tensor copies (cp.async.bulk.tensor, sm_90+): one thread moves a whole box of an image — a W×W
// tile — from global to shared memory through the SM's copy engine (TMA), described by a tensor
// map (support/plane_tensor_map.h), and an mbarrier in shared memory counts the bytes that landed
// ("transaction count"); the consumers wait on the barrier's phase, not on their own copies.
// Against cp.async (async_copy.cuh) a tile costs one instruction instead of eight per thread, the
// copies do not pass through the load/store units where the block's other loads (the look-back's
// probes) would queue behind them, and the engine fills what lies outside the image with zeros.
// (One 1-D bulk copy per row instead — 128 for a tile — held the issuing warp, and with it the
// block's hand-over, back by ~1.6 µs on an NVIDIA H100: slower than cp.async; docs/tuning-notes.md,
// step 35.)
//
// The barrier: initialised once with one expected arrival per phase; the producer arrives with the
// byte count it expects, then issues the copy; each phase completes when every byte has landed.
// Callers keep the phase parity (0, 1, 0, …): one phase per transfer. Before sm_90 the
// instructions do not exist (`kHasTensorCopy` is false there and these functions do nothing);
// callers keep a cp.async path.
#pragma once

#include <cuda.h>
#include <cuda_runtime.h>

#include <cstdint>

namespace sat::detail {

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
inline constexpr bool kHasTensorCopy = true;
#define SAT_TENSOR_COPY_ASM(...) asm volatile(__VA_ARGS__)
#else
inline constexpr bool kHasTensorCopy = false;
#define SAT_TENSOR_COPY_ASM(...) ((void)0)
#endif

// The alignment of a tensor copy's shared-memory destination.
inline constexpr unsigned kTensorCopyAlign = 128;

struct alignas(8) TensorCopyBarrier {
  unsigned long long word;

  __device__ __forceinline__ unsigned address() const { return unsigned(__cvta_generic_to_shared(&word)); }

  // One thread, before a __syncthreads that publishes it to the block and the copy engine.
  __device__ __forceinline__ void init() {
    SAT_TENSOR_COPY_ASM("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(address()) : "memory");
    SAT_TENSOR_COPY_ASM("fence.proxy.async.shared::cta;" ::: "memory");
  }

  // The producer thread: this phase completes once `bytes` have landed (and this arrival). The
  // fence orders the block's earlier generic accesses of the destination (ordered before this
  // thread by a barrier) before the copy engine's writes.
  __device__ __forceinline__ void expect(unsigned bytes) {
    SAT_TENSOR_COPY_ASM("fence.proxy.async.shared::cta;" ::: "memory");
    SAT_TENSOR_COPY_ASM("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(address()), "r"(bytes)
                        : "memory");
  }

  // Copies the box at (x, y, z) of `map` (a __grid_constant__ kernel parameter) to `smem`
  // (kTensorCopyAlign-aligned); its bytes count against this barrier's current phase.
  __device__ __forceinline__ void copy_box(void* smem, const CUtensorMap& map, int x, int y, int z) {
    SAT_TENSOR_COPY_ASM(
        "cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], "
        "[%5];" ::"r"(unsigned(__cvta_generic_to_shared(smem))),
        "l"(reinterpret_cast<std::uint64_t>(&map)), "r"(x), "r"(y), "r"(z), "r"(address())
        : "memory");
  }

  // Any thread: waits until the phase of parity `parity` has completed; its bytes are visible then.
  __device__ __forceinline__ void wait(unsigned parity) const {
    unsigned done = 0;
    while (!done) {
      SAT_TENSOR_COPY_ASM(
          "{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
          : "=r"(done)
          : "r"(address()), "r"(parity)
          : "memory");
      if constexpr (!kHasTensorCopy) done = 1;
    }
  }
};

#undef SAT_TENSOR_COPY_ASM

}  // namespace sat::detail
