// Band sweep (prototype, f32 → f32): the tuning constants in one place and the host geometry.
// Plain C++ (no device code): the bench and the CPU side share it.
//
// A block owns a band of kBandRows rows and sweeps it left to right in chunks of kChunkCols
// columns; kStages shared-memory stages hold the chunks (one being scanned, one parked until its
// column carry arrives, kStages − 2 loading ahead). kScanWarps warps scan and store; one more
// warp resolves the column carry through the band look-back (band_look_back.cuh).
#pragma once

#include <cstddef>
#include <cstdint>

namespace sat::detail::band_sweep {

// MinBlocks: blocks per SM the launch bounds ask registers for (what shared memory allows).
// FoldBatch: aggregates the look-back folds per round trip (a shared-memory buffer of
// FoldBatch × ChunkCols 8-byte words).
template <int BandRows, int ChunkCols, int Stages, int MinBlocks, int FoldBatch, int ScanWarps = 8>
struct Policy {
  static constexpr int kBandRows = BandRows;
  static constexpr int kChunkCols = ChunkCols;
  static constexpr int kStages = Stages;
  static constexpr int kPrefetch = Stages - 2;  // chunks in flight ahead of the one being scanned
  static constexpr int kScanWarps = ScanWarps;
  static constexpr int kMinBlocks = MinBlocks;
  static constexpr int kFoldBatch = FoldBatch;
  static constexpr int kRowsPerWarp = BandRows / ScanWarps;  // rows a scan warp owns
  static constexpr int kColsPerLane = ChunkCols / 32;        // adjacent columns a lane owns
  static constexpr int kScanThreads = 32 * ScanWarps;
  static constexpr int kThreads = kScanThreads + 32;  // + the look-back warp
  static constexpr int kLookBackWarp = ScanWarps;
  static constexpr bool kDecoupled = false;  // kernel.cuh's lock-step kernel
  static_assert(Stages >= 3, "a stage scanned, a stage parked, at least one loading");
  static_assert(ChunkCols == 64 || ChunkCols == 128, "a lane owns 2 or 4 columns (8- or 16-byte moves)");
  static_assert(BandRows % ScanWarps == 0 && kRowsPerWarp >= 1, "every scan warp owns whole rows");
  static_assert(kThreads <= 1024, "one block");
};

// The decoupled kernel's policy (decoupled_kernel.cuh): kStages = Prefetch + 1 + Parked stages —
// Prefetch chunks loading ahead, the one being scanned, and Parked scanned chunks waiting for
// their column carry, so a chunk is stored Parked iterations after its scan and the look-back
// warp (running on its own, no block-wide barrier) has that long to resolve it.
template <int BandRows, int ChunkCols, int Prefetch, int Parked, int MinBlocks, int FoldBatch, int ScanWarps = 8>
struct DecoupledPolicy : Policy<BandRows, ChunkCols, Prefetch + 1 + Parked, MinBlocks, FoldBatch, ScanWarps> {
  static constexpr int kPrefetch = Prefetch;
  static constexpr int kParked = Parked;
  static constexpr bool kDecoupled = true;
  static_assert(Prefetch >= 1 && Parked >= 1, "a chunk loading ahead, a chunk parked");
};

// The bands and chunks of an image (partial ones at the bottom and right edges).
struct Grid {
  int bands = 0, chunks = 0;
  static Grid of(int height, int width, int band_rows, int chunk_cols) {
    return {(height + band_rows - 1) / band_rows, (width + chunk_cols - 1) / chunk_cols};
  }
};

// The look-back state in a workspace: a 256-byte header (LookBackHeader: epoch and band ticket),
// then per (band, chunk) two vectors of kChunkCols {epoch, value} words — the band's aggregate (its
// last row, summed over the band from column 0) and its inclusive value (the same summed over
// every band above too = the output's last row of the band).
struct Layout {
  static constexpr std::size_t kHeaderBytes = 256;
  std::size_t aggregate = 0, inclusive = 0, bytes = 0;
  static Layout of(const Grid& g, int chunk_cols) {
    const std::size_t vector_bytes = std::size_t(g.bands) * std::size_t(g.chunks) * std::size_t(chunk_cols) * 8;
    const std::size_t rounded = (vector_bytes + 255) / 256 * 256;
    return {kHeaderBytes, kHeaderBytes + rounded, kHeaderBytes + 2 * rounded};
  }
};

// Rounding bound of one output (for the checks): every input term passes through at most this many
// float additions — in-lane row prefix (kColsPerLane), warp scan (5 + the exclusive add), in-thread
// column prefix (kRowsPerWarp), other warps' column totals (kScanWarps), one row carry per chunk to
// the left, one column carry per band above, and the final add. |error| ≤ γ(d)·Σ|x| with
// γ(d) = d·u / (1 − d·u), u = 2⁻²⁴ (Higham, Accuracy and Stability, §4.2, for any summation tree).
inline int addition_depth(const Grid& g, int band_rows, int chunk_cols, int scan_warps) {
  return chunk_cols / 32 + 6 + band_rows / scan_warps + scan_warps + g.chunks + g.bands + 2;
}

}  // namespace sat::detail::band_sweep
