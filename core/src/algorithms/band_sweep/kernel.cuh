// The band-sweep kernel (prototype, f32 → f32): a thin shell over the chunk agent and the band
// look-back. One block per band, the band from an atomic ticket (never blockIdx), chunks left to
// right. Iteration j of a block, with kStages = kPrefetch + 2 stages:
//   [barrier] chunk j has landed; chunk j−2's stage is free (stored in iteration j−1)
//   scan warps:     start loading chunk j + kPrefetch; scan chunk j into B (row carry from chunk
//                   j−1 in shared memory), park B in its stage, publish the band's aggregate
//   look-back warp: resolve chunk j−1's column carry from the bands above, publish its inclusive
//   [barrier]
//   scan warps:     store chunk j−1 = B + carry (streaming stores, not waited for)
// No warp waits holding a tile in registers: the scan warps wait only at the barriers, with the
// next chunks streaming in; a chunk's carry is looked for one iteration after its scan, which
// leaves the bands above a chunk's time to get there.
#pragma once

#include <cuda_runtime.h>

#include <type_traits>

#include "algorithms/band_sweep/band_look_back.cuh"
#include "algorithms/band_sweep/chunk_agent.cuh"
#include "algorithms/band_sweep/decoupled_kernel.cuh"
#include "algorithms/band_sweep/kernel_common.cuh"
#include "algorithms/band_sweep/policy.h"
#include "lookback/epoch.cuh"

namespace sat::detail::band_sweep {

// The block's shared memory: the chunk agent's stages and the look-back warp's fold buffer.
template <class P>
struct KernelShared {
  typename ChunkAgent<P>::Shared chunk;
  alignas(16) unsigned long long fold[P::kFoldBatch][P::kChunkCols];
};

template <class P>
__global__ void __launch_bounds__(P::kThreads, launch_min_blocks<P>())
    band_sweep_kernel(Plane<const float> in, Plane<float> out, LookBackHeader* header, LookBackOf<P> lb, int bands,
                      bool wide_in, bool wide_out) {
  using Agent = ChunkAgent<P>;
  extern __shared__ __align__(16) unsigned char smem[];
  auto& shared = *reinterpret_cast<KernelShared<P>*>(smem);
  auto& s = shared.chunk;
  __shared__ unsigned s_band, s_epoch;
  const int tid = int(threadIdx.x), warp = tid >> 5, lane = tid & 31;
  const bool scanner = warp < P::kScanWarps;
  if (tid == 0) {
    const TicketDraw d = draw_ticket(header, unsigned(bands) - 1u);  // one draw per block
    s_band = d.ticket;
    s_epoch = d.epoch;
  }
  __syncthreads();
  const int band = int(s_band), chunks = lb.chunks;
  lb.epoch = s_epoch;
  const int row0 = band * P::kBandRows;
  const int rows = min(P::kBandRows, in.height - row0);
  const auto extent = [&](int j) {
    const int col0 = j * P::kChunkCols;
    return typename Agent::Extent{row0, col0, rows, min(P::kChunkCols, in.width - col0)};
  };
  if (scanner) {
#pragma unroll
    for (int j = 0; j < P::kPrefetch; ++j) {
      if (j < chunks) Agent::load(s.stage[j], in, extent(j), wide_in, tid);
      copy_async_commit();
    }
  }
  for (int j = 0; j <= chunks; ++j) {
    if (scanner) copy_async_wait_pending<P::kPrefetch - 1>();
    __syncthreads();
    if (scanner) {
      const int next = j + P::kPrefetch;
      if (next < chunks) Agent::load(s.stage[next % P::kStages], in, extent(next), wide_in, tid);
      copy_async_commit();
      if (j < chunks) {
        float last_row[P::kColsPerLane];
        Agent::scan(s, j % P::kStages, extent(j), j & 1, j == 0, warp, lane, last_row);
        if (warp == P::kScanWarps - 1 && band < bands - 1) {
          lb.publish_aggregate(band, j, last_row, lane);
          if (band == 0) lb.publish_inclusive(band, j, last_row, lane);
        }
      }
    } else if (j >= 1) {  // the look-back warp: chunk j−1's column carry
      const int chunk = j - 1;
      float carry[P::kColsPerLane];
      if (band == 0) {
#pragma unroll
        for (int c = 0; c < P::kColsPerLane; ++c) carry[c] = 0.0f;
      } else {
        lb.resolve(band, chunk, carry, lane, &shared.fold[0][0]);
        if (band < bands - 1) {
          const float* agg = &s.stage[chunk % P::kStages][P::kBandRows - 1][lane * P::kColsPerLane];
          float inclusive[P::kColsPerLane];
#pragma unroll
          for (int c = 0; c < P::kColsPerLane; ++c) inclusive[c] = carry[c] + agg[c];
          lb.publish_inclusive(band, chunk, inclusive, lane);
        }
      }
#pragma unroll
      for (int c = 0; c < P::kColsPerLane; ++c) s.above[lane * P::kColsPerLane + c] = carry[c];
    }
    __syncthreads();
    if (scanner && j >= 1) Agent::store(s, (j - 1) % P::kStages, out, extent(j - 1), wide_out, tid);
  }
}

// Host side. `state` holds Layout::of(grid).bytes, its header initialised once (init_state); the
// launch leaves it ready for the next call (the last ticket starts the next epoch). The policy
// picks the kernel: DecoupledPolicy → band_sweep_decoupled_kernel, Policy → band_sweep_kernel.
template <class P>
struct Launcher {
  using Agent = ChunkAgent<P>;
  using Shared = std::conditional_t<P::kDecoupled, DecoupledShared<P>, KernelShared<P>>;
  static constexpr int kSharedBytes = int(sizeof(Shared));
  static constexpr auto kernel() {
    if constexpr (P::kDecoupled)
      return band_sweep_decoupled_kernel<P>;
    else
      return band_sweep_kernel<P>;
  }

  static Grid grid_of(int height, int width) { return Grid::of(height, width, P::kBandRows, P::kChunkCols); }
  static std::size_t state_bytes(int height, int width) {
    return Layout::of(grid_of(height, width), P::kChunkCols).bytes;
  }
  // Zero state, epoch 1, ticket 0 (words of epoch 0 never read as current).
  static cudaError_t init_state(void* state, int height, int width, cudaStream_t stream) {
    cudaError_t e = cudaMemsetAsync(state, 0, state_bytes(height, width), stream);
    if (e != cudaSuccess) return e;
    static const unsigned long long first = 1ull << 32;
    return cudaMemcpyAsync(&static_cast<LookBackHeader*>(state)->epoch_ticket, &first, sizeof(first),
                           cudaMemcpyHostToDevice, stream);
  }
  // MinBlocks blocks fit an sm_90 SM's 228 KB of shared memory (1 KB of it reserved per block).
  static_assert(P::kMinBlocks * (kSharedBytes + 1024) <= 228 * 1024, "the policy's blocks per SM fit");
  static cudaError_t prepare() {
    return cudaFuncSetAttribute(kernel(), cudaFuncAttributeMaxDynamicSharedMemorySize, kSharedBytes);
  }
  // Blocks of this policy resident per SM on the current device (after prepare()).
  static cudaError_t blocks_per_sm(int& blocks) {
    return cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel(), P::kThreads, kSharedBytes);
  }
  static cudaError_t run(const float* in, std::size_t in_pitch, float* out, std::size_t out_pitch, int height,
                         int width, void* state, cudaStream_t stream) {
    const Grid g = grid_of(height, width);
    const Layout l = Layout::of(g, P::kChunkCols);
    char* base = static_cast<char*>(state);
    LookBackOf<P> lb{reinterpret_cast<unsigned long long*>(base + l.aggregate),
                     reinterpret_cast<unsigned long long*>(base + l.inclusive), g.chunks, 0u};
    const auto aligned = [](const void* p, std::size_t pitch) {
      return reinterpret_cast<std::uintptr_t>(p) % 16 == 0 && pitch % 16 == 0;
    };
    kernel()<<<g.bands, P::kThreads, kSharedBytes, stream>>>(
        Plane<const float>{in, in_pitch, height, width}, Plane<float>{out, out_pitch, height, width},
        static_cast<LookBackHeader*>(state), lb, g.bands, aligned(in, in_pitch), aligned(out, out_pitch));
    return cudaGetLastError();
  }
};

}  // namespace sat::detail::band_sweep
