// TileAgent: what one CUDA block does with one W×W tile, shared by every tiled algorithm.
//
// The tile lives in registers, not shared memory: warp w owns rows [w·R, w·R + R) and lane l owns
// the C = W/32 adjacent columns [l·C, l·C + C) of each of them, so a row is one coalesced,
// vectorisable access per warp and every lane holds R·C values.
//   - row prefix sums: C serial adds per lane + a 5-step shuffle scan per row (rows interleaved
//     for ILP);
//   - column prefix sums: R serial adds in registers, then one exchange of per-warp column totals
//     through shared memory (one barrier) — this replaces the paper's diagonal shared-memory
//     arrangement: no bank conflicts because nothing is transposed.
// The local sums the tiled algorithms publish come out on the way: LRS (row totals, exact) and
// LCS (column totals of the raw values, exact), both in shared memory.
//
// The final table of tile T(I,J) is
//   GSAT[i][j] = localSAT[i][j] + row_offset[i] + col_offset[j] + corner
// with row_offset = inclusive prefix of GRS(I,J−1) (row sums left of the tile), col_offset =
// inclusive prefix of GCS(I−1,J) (column sums above it), corner = GS(I−1,J−1).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "block/async_copy.cuh"
#include "block/tensor_copy.cuh"
#include "support/element_traits.h"
#include "support/memory.cuh"
#include "support/plane.cuh"
#include "tuning/tile_policy.h"
#include "warp/shared_run.cuh"
#include "warp/warp.cuh"
#include "warp/warp_vector.cuh"

namespace sat::detail {

// The tile's block shape (tuning/tile_policy.h has the values and why): warp w owns rows
// [w·kRows, w·kRows + kRows), lane l the kCols adjacent columns [l·kCols, l·kCols + kCols).
template <class Acc, int W>
struct TilePolicy {
  static constexpr int kTile = W;
  static constexpr int kCols = W / 32;                      // columns per lane
  static constexpr int kRows = rows_per_warp(sizeof(Acc));  // rows per warp
  static constexpr int kThreads = TilePolicyOf<Acc, W>::kThreads;
  static constexpr int kWarps = kThreads / 32;
  static constexpr int kMinBlocks = TilePolicyOf<Acc, W>::kMinBlocks;  // the launch bounds' register budget
  static_assert(W % 32 == 0 && kWarps >= 2 && kThreads <= 1024, "bad tile policy");
};

template <class Traits, int W>
struct TileAgent {
  using In = typename Traits::In;
  using Acc = typename Traits::Acc;
  using Policy = TilePolicy<Acc, W>;
  static constexpr int kCols = Policy::kCols;
  static constexpr int kRows = Policy::kRows;
  static constexpr int kWarps = Policy::kWarps;
  static constexpr int kThreads = Policy::kThreads;
  static constexpr int kMinBlocks = Policy::kMinBlocks;

  struct Shared {
    alignas(16) Acc raw_partial[kWarps][W];   // per-warp column totals of the raw tile (→ LCS)
    alignas(16) Acc scan_partial[kWarps][W];  // per-warp column totals of the row-scanned tile
    alignas(16) Acc row_total[W];             // LRS: row totals of the raw tile
    alignas(16) Acc row_offset[W];            // inclusive prefix of the row sums left of the tile
    alignas(16) Acc col_offset[W];            // inclusive prefix of the column sums above the tile
    Acc corner;                               // the sum above-left of the tile
    // LCS for columns [lane·C, lane·C + C) (after the barrier); the look-back reads a tile's
    // column totals through this, whichever holder keeps them (skss_lb/ring_kernel.cuh has its own).
    __device__ __forceinline__ void column_totals(int lane, Acc (&total)[kCols]) const {
      TileAgent::column_totals(*this, lane, total);
    }
  };
  using Run = SharedRun<Acc, kCols>;

  Acc v[kRows][kCols];
  int warp, lane;

  __device__ __forceinline__ TileAgent() : warp(int(threadIdx.x) >> 5), lane(int(threadIdx.x) & 31) {}

  __device__ __forceinline__ int tile_row(int r) const { return warp * kRows + r; }
  __device__ __forceinline__ int tile_col(int c) const { return lane * kCols + c; }

  // Reads the tile whose top-left pixel is (row0, col0); pixels outside the image read as 0.
  // `wide`: input pointer and pitch are aligned for whole-chunk loads.
  __device__ __forceinline__ void load(const Plane<const In>& in, int row0, int col0, bool wide) {
    using C = Chunk<In, kCols>;
    const int col = col0 + lane * kCols;
#pragma unroll
    for (int r = 0; r < kRows; ++r) {
      const int y = row0 + tile_row(r);
      const bool row_in = y < in.height;
      const In* src = row_in ? in.row(y) + col : nullptr;
      if (row_in && wide && col + kCols <= in.width) {
#pragma unroll
        for (int p = 0; p < C::kPieces; ++p) {
          const typename C::Piece piece = load_streaming(reinterpret_cast<const typename C::Piece*>(src) + p);
#pragma unroll
          for (int e = 0; e < C::kPieceElems; ++e) v[r][p * C::kPieceElems + e] = Traits::convert(piece.e[e]);
        }
      } else {
#pragma unroll
        for (int c = 0; c < kCols; ++c)
          v[r][c] = (row_in && col + c < in.width) ? Traits::convert(src[c]) : zero<Acc>();
      }
    }
  }

  // Staging for a prefetched tile in the input type, row-major: thread (warp, lane)'s row-r chunk
  // at e[warp·kRows + r][lane·kCols], so a warp's copies and reads touch 32 consecutive chunks (no
  // bank conflicts), and the whole tile is one box of a tensor copy (prefetch_tile). With
  // prefetch() each thread reads back only what it copied itself.
  // cp.async moves 4, 8 or 16 bytes: narrower chunks (8-bit input at W = 32/64) load directly.
  static constexpr bool kCanPrefetch = Chunk<In, kCols>::kPieceBytes >= 4;
  static_assert(kRows * kWarps == W, "the block's rows cover the tile");
  struct alignas(16) Stage {
    In e[W][W];
  };

  // Starts copying the tile at (row0, col0) into `stage` in the background (zero-filled outside
  // the image). Needs pointer and pitch aligned for chunks (the `wide` case of load()).
  __device__ __forceinline__ void prefetch(Stage& stage, const Plane<const In>& in, int row0, int col0) const {
    using C = Chunk<In, kCols>;
    const int col = col0 + lane * kCols;
#pragma unroll
    for (int r = 0; r < kRows; ++r) {
      const int y = row0 + tile_row(r);
      int valid = y < in.height ? in.width - col : 0;  // elements of this chunk inside the image
      valid = valid < 0 ? 0 : (valid > kCols ? kCols : valid);
      const In* src = valid > 0 ? in.row(y) + col : in.data;
      In* dst = &stage.e[tile_row(r)][tile_col(0)];
#pragma unroll
      for (int p = 0; p < C::kPieces; ++p) {
        int n = valid - p * C::kPieceElems;
        n = n < 0 ? 0 : (n > C::kPieceElems ? C::kPieceElems : n);
        In* d = dst + p * C::kPieceElems;
        if (n == C::kPieceElems) {
          copy_async<C::kPieceBytes>(d, src + p * C::kPieceElems, C::kPieceBytes);
        } else {  // image edge: a partial piece is copied here (cp.async would read the whole piece)
#pragma unroll
          for (int e = 0; e < C::kPieceElems; ++e) d[e] = e < n ? src[p * C::kPieceElems + e] : In{};
        }
      }
    }
    copy_async_commit();
  }

  // Waits for this thread's prefetch and converts it into the registers.
  __device__ __forceinline__ void load_prefetched(const Stage& stage) {
    copy_async_wait_all();
    load_stage(stage);
  }

  // One thread: starts the tensor copy (sm_90+) of the tile at (row0, col0) of plane `plane` of
  // `map` (support/plane_tensor_map.h, box W × W) into `stage` (kTensorCopyAlign-aligned); the
  // copy engine fills what lies outside the image with zeros. `full`'s current phase completes
  // when all of it has landed.
  __device__ __forceinline__ static void prefetch_tile(Stage& stage, const CUtensorMap& map, int plane, int row0,
                                                       int col0, TensorCopyBarrier& full) {
    full.expect(unsigned(sizeof(Stage)));
    full.copy_box(&stage, map, col0, row0, plane);
  }
  // Waits for the phase `parity` of `full` (a prefetch_tile) and converts the tile into the registers.
  __device__ __forceinline__ void load_prefetched_tile(const Stage& stage, const TensorCopyBarrier& full,
                                                       unsigned parity) {
    full.wait(parity);
    load_stage(stage);
  }

  __device__ __forceinline__ void load_stage(const Stage& stage) {
#pragma unroll
    for (int r = 0; r < kRows; ++r) {
#pragma unroll
      for (int c = 0; c < kCols; ++c) v[r][c] = Traits::convert(stage.e[tile_row(r)][tile_col(c)]);
    }
  }

  // Before a barrier: row prefix sums (shuffles), in-warp column prefix sums, and the per-warp
  // partials + LRS into shared memory. After the barrier call finish_scan().
  __device__ __forceinline__ void scan(Shared& s) {
    // Raw column totals of this warp's rows (for LCS), before anything is scanned.
    {
      Acc t[kCols];
#pragma unroll
      for (int c = 0; c < kCols; ++c) {
        t[c] = v[0][c];
#pragma unroll
        for (int r = 1; r < kRows; ++r) t[c] = t[c] + v[r][c];
      }
      Run::store(&s.raw_partial[warp][tile_col(0)], t);
    }
    // Row prefix sums: serial within the lane's columns, then a warp scan of the lane totals.
    Acc carry[kRows];
#pragma unroll
    for (int r = 0; r < kRows; ++r) {
#pragma unroll
      for (int c = 1; c < kCols; ++c) v[r][c] = v[r][c] + v[r][c - 1];
      carry[r] = v[r][kCols - 1];
    }
#pragma unroll
    for (int d = 1; d < 32; d <<= 1) {
#pragma unroll
      for (int r = 0; r < kRows; ++r) {
        const Acc other = shfl_up(carry[r], unsigned(d));
        if (lane >= d) carry[r] = carry[r] + other;
      }
    }
#pragma unroll
    for (int r = 0; r < kRows; ++r) {
      if (lane == 31) s.row_total[tile_row(r)] = carry[r];
      const Acc exclusive = shfl_up(carry[r], 1u);  // exact: no subtraction
      if (lane > 0) {
#pragma unroll
        for (int c = 0; c < kCols; ++c) v[r][c] = v[r][c] + exclusive;
      }
    }
    // Column prefix sums within the warp's rows.
#pragma unroll
    for (int r = 1; r < kRows; ++r) {
#pragma unroll
      for (int c = 0; c < kCols; ++c) v[r][c] = v[r][c] + v[r - 1][c];
    }
    Run::store(&s.scan_partial[warp][tile_col(0)], v[kRows - 1]);
  }

  // After the barrier: add the column totals of the warps above → v is the tile's local SAT.
  __device__ __forceinline__ void finish_scan(const Shared& s) {
    if (warp == 0) return;
    Acc above[kCols];
    Run::load(&s.scan_partial[0][tile_col(0)], above);
    for (int w = 1; w < warp; ++w) {
      Acc part[kCols];
      Run::load(&s.scan_partial[w][tile_col(0)], part);
#pragma unroll
      for (int c = 0; c < kCols; ++c) above[c] = above[c] + part[c];
    }
#pragma unroll
    for (int r = 0; r < kRows; ++r) {
#pragma unroll
      for (int c = 0; c < kCols; ++c) v[r][c] = v[r][c] + above[c];
    }
  }

  // LCS for column `col` of the tile (after the barrier).
  __device__ __forceinline__ static Acc column_total(const Shared& s, int col) {
    Acc t = s.raw_partial[0][col];
#pragma unroll
    for (int w = 1; w < kWarps; ++w) t = t + s.raw_partial[w][col];
    return t;
  }
  // LCS for columns [lane·C, lane·C + C), as one warp reads them best (after the barrier).
  __device__ __forceinline__ static void column_totals(const Shared& s, int lane, Acc (&total)[kCols]) {
    Run::load(&s.raw_partial[0][lane * kCols], total);
#pragma unroll
    for (int w = 1; w < kWarps; ++w) {
      Acc part[kCols];
      Run::load(&s.raw_partial[w][lane * kCols], part);
#pragma unroll
      for (int c = 0; c < kCols; ++c) total[c] = total[c] + part[c];
    }
  }

  // v += row_offset[i] + col_offset[j] + corner (after the barrier that published them), from
  // whatever holds them: the tile's Shared, or a ring kernel's carry slot.
  template <class Offsets>
  __device__ __forceinline__ void add_offsets(const Offsets& s) {
    Acc col_part[kCols];
    Run::load(&s.col_offset[tile_col(0)], col_part);
    const Acc corner = s.corner;
#pragma unroll
    for (int c = 0; c < kCols; ++c) col_part[c] = col_part[c] + corner;
#pragma unroll
    for (int r = 0; r < kRows; ++r) {
      const Acc ro = s.row_offset[tile_row(r)];
#pragma unroll
      for (int c = 0; c < kCols; ++c) v[r][c] = v[r][c] + (ro + col_part[c]);
    }
  }

  // Moves this thread's values to shared memory and back (threads 0 … N−1: the warps that also
  // look back), so their registers are free in between. `slots` holds kRows·kCols × N values;
  // thread-fastest layout, no bank conflicts.
  template <int N>
  __device__ __forceinline__ void park(Acc (*slots)[N]) const {
#pragma unroll
    for (int r = 0; r < kRows; ++r) {
#pragma unroll
      for (int c = 0; c < kCols; ++c) slots[r * kCols + c][threadIdx.x] = v[r][c];
    }
  }
  template <int N>
  __device__ __forceinline__ void unpark(const Acc (*slots)[N]) {
#pragma unroll
    for (int r = 0; r < kRows; ++r) {
#pragma unroll
      for (int c = 0; c < kCols; ++c) v[r][c] = slots[r * kCols + c][threadIdx.x];
    }
  }

  // Writes the tile (clipped to the image). `wide`: output pointer and pitch allow chunk stores.
  __device__ __forceinline__ void store(const Plane<Acc>& out, int row0, int col0, bool wide) const {
    using C = Chunk<Acc, kCols>;
    const int col = col0 + lane * kCols;
#pragma unroll
    for (int r = 0; r < kRows; ++r) {
      const int y = row0 + tile_row(r);
      if (y >= out.height) break;
      Acc* dst = out.row(y) + col;
      if (wide && col + kCols <= out.width) {
#pragma unroll
        for (int p = 0; p < C::kPieces; ++p) {
          typename C::Piece piece;
#pragma unroll
          for (int e = 0; e < C::kPieceElems; ++e) piece.e[e] = v[r][p * C::kPieceElems + e];
          store_streaming(reinterpret_cast<typename C::Piece*>(dst) + p, piece);
        }
      } else {
#pragma unroll
        for (int c = 0; c < kCols; ++c)
          if (col + c < out.width) dst[c] = v[r][c];
      }
    }
  }
};

}  // namespace sat::detail
