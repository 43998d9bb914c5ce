// The band look-back: CUB's decoupled look-back over bands, vector-valued. For chunk j, band b
// publishes its aggregate (its own last row, summed over the band from column 0: known as soon as
// the chunk is scanned, with no other band's help) and later its inclusive value (the aggregate
// plus every band above). Band b's column carry A(b, j) is the inclusive value of the nearest band
// p < b that has one, plus the aggregates of bands p+1 … b−1 — added forward, so the result is
// the same left fold of the aggregates whichever p was found: floats are bit-deterministic.
//
// Every entry is kChunkCols {epoch, value} words (lookback/epoch.cuh): a word is valid the moment
// its epoch is current, so publishing is plain stores and nothing is reset between calls. Bands
// come from an atomic ticket, so a band waits only on bands whose blocks already run: no deadlock.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "block/async_copy.cuh"
#include "lookback/epoch.cuh"

namespace sat::detail::band_sweep {

template <int ChunkCols, int FoldBatch>
struct BandLookBack {
  static constexpr int kCols = ChunkCols / 32;  // words per lane
  using Word = unsigned long long;
  Word *aggregate, *inclusive;  // [bands][chunks][ChunkCols]
  int chunks;
  unsigned epoch;

  __device__ __forceinline__ const Word* entry(const Word* base, int band, int chunk) const {
    return base + (std::size_t(band) * chunks + chunk) * ChunkCols;
  }
  __device__ __forceinline__ bool current(Word w) const { return unsigned(w >> 32) == epoch; }

  __device__ __forceinline__ void put(Word* base, int band, int chunk, const float (&v)[kCols], int lane) const {
    Word* p = const_cast<Word*>(entry(base, band, chunk)) + lane * kCols;
#pragma unroll
    for (int c = 0; c < kCols; ++c) store_word(p + c, pack_word(epoch, __float_as_uint(v[c])));
  }
  __device__ __forceinline__ void publish_aggregate(int band, int chunk, const float (&v)[kCols], int lane) const {
    put(aggregate, band, chunk, v, lane);
  }
  __device__ __forceinline__ void publish_inclusive(int band, int chunk, const float (&v)[kCols], int lane) const {
    put(inclusive, band, chunk, v, lane);
  }

  // Two adjacent words into shared memory: one 16-byte cp.async through L2 (sm_80+); elsewhere two
  // 64-bit loads (copy_async's byte-wise fallback could tear a word's epoch from its value).
  __device__ __forceinline__ static void fetch_pair(Word* dst, const Word* src) {
#if __CUDA_ARCH__ >= 800
    copy_async<16>(dst, src, 16);
#else
    dst[0] = load_word(src);
    dst[1] = load_word(src + 1);
#endif
  }

  // This lane's words of an entry, loaded until every word of the warp's whole entry is current.
  __device__ __forceinline__ void wait_load(const Word* base, int band, int chunk, float (&v)[kCols], int lane) const {
    const Word* p = entry(base, band, chunk) + lane * kCols;
    for (;;) {
      bool ok = true;
#pragma unroll
      for (int c = 0; c < kCols; ++c) {
        const Word w = load_word(p + c);
        ok &= current(w);
        v[c] = __uint_as_float(unsigned(w));
      }
      if (__all_sync(0xffffffffu, ok)) return;
      __nanosleep(32);
    }
  }

  // The column carry of (band, chunk), band ≥ 1: Σ over bands 0 … band−1 (this lane's columns).
  // Called by one whole warp, which issues no other cp.async; `fold` is its shared-memory buffer.
  __device__ __forceinline__ void resolve(int band, int chunk, float (&acc)[kCols], int lane, Word* fold) const {
    // Fast path: the band above has finished this chunk (one round trip).
    {
      const Word* p = entry(inclusive, band - 1, chunk) + lane * kCols;
      bool ok = true;
#pragma unroll
      for (int c = 0; c < kCols; ++c) {
        const Word w = load_word(p + c);
        ok &= current(w);
        acc[c] = __uint_as_float(unsigned(w));
      }
      if (__all_sync(0xffffffffu, ok)) return;
    }
    // The nearest band above with an inclusive value: 32 bands probed per round trip (lane k the
    // k-th above, its entry's last word as the hint; wait_load then waits for all of its words).
    // Band 0 publishes its inclusive value as it scans, so the search ends.
    int nearest;
    for (int top = band - 1;;) {
      const int q = top - lane;
      const bool has = q >= 0 && current(load_word(entry(inclusive, q, chunk) + ChunkCols - 1));
      const unsigned found = __ballot_sync(0xffffffffu, has);
      if (found) {
        nearest = top - (__ffs(found) - 1);
        break;
      }
      top -= 32;
      if (top < 0) {
        top = band - 1;
        __nanosleep(64);
      }
    }
    wait_load(inclusive, nearest, chunk, acc, lane);
    // Forward: acc + agg(nearest+1) + … + agg(band−1). FoldBatch aggregates per round trip, copied
    // into shared memory (`fold`: FoldBatch × ChunkCols words) with L2-only 16-byte cp.async, so the
    // loads in flight cost no registers; each lane reads back only the words it copied.
    for (int q0 = nearest + 1; q0 < band; q0 += FoldBatch) {
      const int n = band - q0 < FoldBatch ? band - q0 : FoldBatch;
      for (;;) {
        for (int k = 0; k < n; ++k) {
          const Word* src = entry(aggregate, q0 + k, chunk) + lane * kCols;
#pragma unroll
          for (int c = 0; c < kCols; c += 2) fetch_pair(fold + k * ChunkCols + lane * kCols + c, src + c);
        }
        copy_async_commit();
        copy_async_wait_all();
        bool ok = true;
        for (int k = 0; k < n; ++k) {
#pragma unroll
          for (int c = 0; c < kCols; ++c) ok &= current(fold[k * ChunkCols + lane * kCols + c]);
        }
        if (__all_sync(0xffffffffu, ok)) break;
        __nanosleep(32);
      }
      for (int k = 0; k < n; ++k) {
#pragma unroll
        for (int c = 0; c < kCols; ++c)
          acc[c] = acc[c] + __uint_as_float(unsigned(fold[k * ChunkCols + lane * kCols + c]));
      }
    }
  }
};

}  // namespace sat::detail::band_sweep
