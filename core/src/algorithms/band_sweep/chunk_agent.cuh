// What one block does with one chunk of its band (kBandRows × kChunkCols, f32): load it into a
// shared-memory stage in the background (cp.async), scan it into the band's running table B
// (row prefix + column prefix + the row carry from the chunk to its left), park B in the stage,
// and later store B + the column carry from the bands above.
//
// The scan's register layout is the tile agent's: scan warp w owns rows [w·R, w·R + R), lane l
// the C adjacent columns [l·C, l·C + C) of each (R = kRowsPerWarp, C = kColsPerLane), so every
// shared-memory access of a warp is one contiguous run (no bank conflicts).
//
// B(r, c) of chunk j = local SAT of the chunk (r, c) + B(r, last column) of chunk j−1: the row
// carry is a running value inside the block. Elements outside the image are never loaded; they
// read as 0 (masked), so partial chunks and bands need no zero fill.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <type_traits>

#include "block/async_copy.cuh"
#include "support/plane.cuh"  // Plane: a pitched plane, pitch in bytes
#include "warp/warp.cuh"

namespace sat::detail::band_sweep {

template <int N>
struct Floats;  // N adjacent floats moved as one shared-memory access
template <>
struct Floats<2> {
  using type = float2;
};
template <>
struct Floats<4> {
  using type = float4;
};

template <class P>
struct ChunkAgent {
  static constexpr int kBH = P::kBandRows, kCW = P::kChunkCols, kR = P::kRowsPerWarp, kC = P::kColsPerLane;
  static constexpr int kQuadsPerRow = kCW / 4;
  static constexpr int kQuads = kBH * kQuadsPerRow;
  using Run = typename Floats<kC>::type;

  struct Shared {
    alignas(16) float stage[P::kStages][kBH][kCW];
    alignas(16) float col_partial[P::kScanWarps][kCW];  // each scan warp's column totals
    alignas(16) float row_carry[2][kBH];                // B's last column of the previous chunk, by parity
    alignas(16) float above[kCW];                       // column carry of the chunk being stored
  };

  // The chunk's extent inside the image.
  struct Extent {
    int row0, col0, rows, cols;
  };

  // Scan thread `tid` starts copying its part of the chunk into `stage` (not committed). `wide`:
  // pointer and pitch are 16-byte aligned, so whole quads go as 16-byte copies.
  static __device__ __forceinline__ void load(float (&stage)[kBH][kCW], const Plane<const float>& in, const Extent& e,
                                              bool wide, int tid) {
#pragma unroll 4
    for (int k = 0; k < (kQuads + P::kScanThreads - 1) / P::kScanThreads; ++k) {
      const int p = tid + k * P::kScanThreads;
      const int r = p / kQuadsPerRow, c = 4 * (p % kQuadsPerRow);
      if (p < kQuads && r < e.rows && c < e.cols) {
        const float* src = in.row(e.row0 + r) + e.col0 + c;
        float* dst = &stage[r][c];
        if (wide && c + 4 <= e.cols) {
          copy_async<16>(dst, src, 16);
        } else {
#pragma unroll
          for (int x = 0; x < 4; ++x)
            if (c + x < e.cols) copy_async<4>(dst + x, src + x, 4);
        }
      }
    }
  }

  // Scan warp `warp` turns the chunk in `stage` into B in place. Returns, in `last_row`, this lane's
  // columns of B's last row (the band's aggregate) — meaningful in the last scan warp only.
  static __device__ __forceinline__ void scan(Shared& s, int stage_index, const Extent& e, int parity, bool first,
                                              int warp, int lane, float (&last_row)[kC]) {
    float(&stage)[kBH][kCW] = s.stage[stage_index];
    float v[kR][kC];
    const int col = lane * kC;
#pragma unroll
    for (int i = 0; i < kR; ++i) {
      const int r = warp * kR + i;
      const Run x = *reinterpret_cast<const Run*>(&stage[r][col]);
      const float* xs = reinterpret_cast<const float*>(&x);
#pragma unroll
      for (int c = 0; c < kC; ++c) v[i][c] = (r < e.rows && col + c < e.cols) ? xs[c] : 0.0f;
    }
    // Row prefix: in the lane, then across the warp (inclusive scan of lane totals, shifted).
#pragma unroll
    for (int i = 0; i < kR; ++i) {
#pragma unroll
      for (int c = 1; c < kC; ++c) v[i][c] = v[i][c] + v[i][c - 1];
    }
#pragma unroll
    for (int i = 0; i < kR; ++i) {
      const float inclusive = warp_inclusive_scan(v[i][kC - 1]);
      float left = __shfl_up_sync(0xffffffffu, inclusive, 1);
      if (lane == 0) left = 0.0f;
#pragma unroll
      for (int c = 0; c < kC; ++c) v[i][c] = v[i][c] + left;
    }
    // Column prefix: in the thread, then the column totals of the warps above (fixed order).
#pragma unroll
    for (int i = 1; i < kR; ++i) {
#pragma unroll
      for (int c = 0; c < kC; ++c) v[i][c] = v[i][c] + v[i - 1][c];
    }
    *reinterpret_cast<Run*>(&s.col_partial[warp][col]) = *reinterpret_cast<const Run*>(v[kR - 1]);
    asm volatile("bar.sync 1, %0;" ::"n"(P::kScanThreads) : "memory");  // the scan warps only
    if (warp > 0) {
      float above[kC];
      {
        const Run a = *reinterpret_cast<const Run*>(&s.col_partial[0][col]);
#pragma unroll
        for (int c = 0; c < kC; ++c) above[c] = reinterpret_cast<const float*>(&a)[c];
      }
      for (int w = 1; w < warp; ++w) {
        const Run a = *reinterpret_cast<const Run*>(&s.col_partial[w][col]);
#pragma unroll
        for (int c = 0; c < kC; ++c) above[c] = above[c] + reinterpret_cast<const float*>(&a)[c];
      }
#pragma unroll
      for (int i = 0; i < kR; ++i) {
#pragma unroll
        for (int c = 0; c < kC; ++c) v[i][c] = v[i][c] + above[c];
      }
    }
    // Row carry from the chunk to the left; this chunk's last column is the next one's.
#pragma unroll
    for (int i = 0; i < kR; ++i) {
      const int r = warp * kR + i;
      if (!first) {
        const float carry = s.row_carry[parity][r];
#pragma unroll
        for (int c = 0; c < kC; ++c) v[i][c] = v[i][c] + carry;
      }
      if (lane == 31) s.row_carry[parity ^ 1][r] = v[i][kC - 1];
      *reinterpret_cast<Run*>(&stage[r][col]) = *reinterpret_cast<const Run*>(v[i]);
    }
#pragma unroll
    for (int c = 0; c < kC; ++c) last_row[c] = v[kR - 1][c];
  }

  // Scan thread `tid` writes its part of the parked chunk: B + the column carry in s.above.
  // `wide`: output pointer and pitch 16-byte aligned.
  static __device__ __forceinline__ void store(const Shared& s, int stage_index, const Plane<float>& out,
                                               const Extent& e, bool wide, int tid) {
    store(s, stage_index, s.above, out, e, wide, tid);
  }

  // The same with the column carry in `above` (the decoupled kernel keeps one per stage).
  static __device__ __forceinline__ void store(const Shared& s, int stage_index, const float (&above)[kCW],
                                               const Plane<float>& out, const Extent& e, bool wide, int tid) {
    const float(&stage)[kBH][kCW] = s.stage[stage_index];
#pragma unroll 4
    for (int k = 0; k < (kQuads + P::kScanThreads - 1) / P::kScanThreads; ++k) {
      const int p = tid + k * P::kScanThreads;
      const int r = p / kQuadsPerRow, c = 4 * (p % kQuadsPerRow);
      if (p < kQuads && r < e.rows && c < e.cols) {
        const float4 b = *reinterpret_cast<const float4*>(&stage[r][c]);
        const float4 a = *reinterpret_cast<const float4*>(&above[c]);
        const float4 y{b.x + a.x, b.y + a.y, b.z + a.z, b.w + a.w};
        float* dst = out.row(e.row0 + r) + e.col0 + c;
        if (wide && c + 4 <= e.cols) {
          __stcs(reinterpret_cast<float4*>(dst), y);
        } else {
          const float ys[4] = {y.x, y.y, y.z, y.w};
#pragma unroll
          for (int x = 0; x < 4; ++x)
            if (c + x < e.cols) __stcs(dst + x, ys[x]);
        }
      }
    }
  }
};

}  // namespace sat::detail::band_sweep
