// The decoupled band-sweep kernel (f32 → f32): the look-back warp runs on its own, apart from the
// scan warps' per-chunk pipeline. In kernel.cuh both meet at two block-wide barriers per chunk, so
// chunk j−1's carry must be resolved within iteration j or the whole block stalls: in steady state
// each band runs one step behind the band above, a wavefront whose critical path grows with the
// number of bands. Here:
//   scan warps (named barrier 1 among themselves only), iteration j:
//     start loading chunk j + kPrefetch; scan chunk j into B (parked in its stage), publish its
//     aggregate, raise `scanned` to j + 1; store chunk j − kParked = B + its column carry, waiting
//     (only if the look-back warp is that far behind) for `resolved` > j − kParked
//   look-back warp, chunk k = 0, 1, …: resolve k's column carry from the bands above (as soon as
//     they allow: it never waits on its own block for that), wait for `scanned` > k, publish k's
//     inclusive value at once, put the carry in the stage's carry slot, raise `resolved` to k + 1.
// So kParked chunks (kParked·τ of time) separate a chunk's scan from its store: the carry is off
// the scan warps' critical path unless the bands above are more than kParked chunks behind.
// Deadlock-free: the scan warps wait only on the look-back warp for a chunk they have scanned; the
// look-back warp waits on chunks its own scan warps scan without waiting on it (k < j − kParked
// never blocks a scan), and on bands with smaller tickets, whose blocks already run.
#pragma once

#include <cuda_runtime.h>

#include "algorithms/band_sweep/band_look_back.cuh"
#include "algorithms/band_sweep/chunk_agent.cuh"
#include "algorithms/band_sweep/kernel_common.cuh"
#include "lookback/epoch.cuh"

namespace sat::detail::band_sweep {

template <class P>
struct DecoupledShared {
  typename ChunkAgent<P>::Shared chunk;
  alignas(16) float carry[P::kStages][P::kChunkCols];  // the column carry of the chunk in each stage
  alignas(16) unsigned long long fold[P::kFoldBatch][P::kChunkCols];
  int scanned;   // chunks the scan warps have scanned (B parked, aggregate published)
  int resolved;  // chunks whose column carry is in `carry` (inclusive value published)
};

// Hand-offs between warps of one block through a shared-memory counter: every lane's earlier
// shared-memory writes are ordered before the counter moves; a waiter's later reads after it.
__device__ __forceinline__ void warp_raise(int* counter, int value, int lane) {
  __threadfence_block();
  __syncwarp();
  if (lane == 0) *reinterpret_cast<volatile int*>(counter) = value;
}
__device__ __forceinline__ void wait_until_reaches(const int* counter, int value) {
  while (*reinterpret_cast<const volatile int*>(counter) < value) __nanosleep(20);
  __threadfence_block();
}

template <class P>
__global__ void __launch_bounds__(P::kThreads, launch_min_blocks<P>())
    band_sweep_decoupled_kernel(Plane<const float> in, Plane<float> out, LookBackHeader* header, LookBackOf<P> lb,
                                int bands, bool wide_in, bool wide_out) {
  static_assert(P::kStages == P::kPrefetch + 1 + P::kParked, "a DecoupledPolicy");
  using Agent = ChunkAgent<P>;
  constexpr int S = P::kStages, kC = P::kColsPerLane;
  extern __shared__ __align__(16) unsigned char smem[];
  auto& shared = *reinterpret_cast<DecoupledShared<P>*>(smem);
  auto& s = shared.chunk;
  __shared__ unsigned s_band, s_epoch;
  const int tid = int(threadIdx.x), warp = tid >> 5, lane = tid & 31;
  if (tid == 0) {
    const TicketDraw d = draw_ticket(header, unsigned(bands) - 1u);  // one draw per block
    s_band = d.ticket;
    s_epoch = d.epoch;
    shared.scanned = 0;
    shared.resolved = 0;
  }
  __syncthreads();  // the only block-wide barrier
  const int band = int(s_band), chunks = lb.chunks;
  lb.epoch = s_epoch;
  const int row0 = band * P::kBandRows;
  const int rows = min(P::kBandRows, in.height - row0);
  const auto extent = [&](int j) {
    const int col0 = j * P::kChunkCols;
    return typename Agent::Extent{row0, col0, rows, min(P::kChunkCols, in.width - col0)};
  };
  if (warp < P::kScanWarps) {
    const auto store_when_resolved = [&](int k) {
      wait_until_reaches(&shared.resolved, k + 1);
      Agent::store(s, k % S, shared.carry[k % S], out, extent(k), wide_out, tid);
    };
#pragma unroll
    for (int j = 0; j < P::kPrefetch; ++j) {
      if (j < chunks) Agent::load(s.stage[j], in, extent(j), wide_in, tid);
      copy_async_commit();
    }
    for (int j = 0; j < chunks; ++j) {
      copy_async_wait_pending<P::kPrefetch - 1>();
      // Chunk j has landed (every scan thread's copies); chunk j − kParked − 1's stage was stored.
      asm volatile("bar.sync 1, %0;" ::"n"(P::kScanThreads) : "memory");
      const int next = j + P::kPrefetch;
      if (next < chunks) Agent::load(s.stage[next % S], in, extent(next), wide_in, tid);
      copy_async_commit();
      float last_row[kC];
      Agent::scan(s, j % S, extent(j), j & 1, j == 0, warp, lane, last_row);
      if (warp == P::kScanWarps - 1) {  // the warp that owns B's last row
        if (band < bands - 1) {
          lb.publish_aggregate(band, j, last_row, lane);
          if (band == 0) lb.publish_inclusive(band, j, last_row, lane);
        }
        warp_raise(&shared.scanned, j + 1, lane);
      }
      if (j >= P::kParked) store_when_resolved(j - P::kParked);
    }
    for (int k = chunks > P::kParked ? chunks - P::kParked : 0; k < chunks; ++k) store_when_resolved(k);
  } else {  // the look-back warp
    for (int k = 0; k < chunks; ++k) {
      float carry[kC];
#pragma unroll
      for (int c = 0; c < kC; ++c) carry[c] = 0.0f;
      if (band > 0) lb.resolve(band, k, carry, lane, &shared.fold[0][0]);
      wait_until_reaches(&shared.scanned, k + 1);
      if (band > 0 && band < bands - 1) {
        const float* agg = &s.stage[k % S][P::kBandRows - 1][lane * kC];
        float inclusive[kC];
#pragma unroll
        for (int c = 0; c < kC; ++c) inclusive[c] = carry[c] + agg[c];
        lb.publish_inclusive(band, k, inclusive, lane);
      }
#pragma unroll
      for (int c = 0; c < kC; ++c) shared.carry[k % S][lane * kC + c] = carry[c];
      warp_raise(&shared.resolved, k + 1, lane);
    }
  }
}

}  // namespace sat::detail::band_sweep
