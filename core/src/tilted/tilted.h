// The tilted table on the GPU (Table::Tilted) in three steps, reduce then scan (docs/algorithms.md,
// "The tilted table"). The triangle of t[Y][X] (pixels y < Y, |x − (X − 1)| ≤ Y − 1 − y) splits
// at the top row y₀ = kR of its band of R rows:
//
//   t[Y][X] = A_k(X + Y − 2) − B_k(X − Y − 1 + H) + (the triangle's rows y₀ ≤ y < Y)
//
//   A_k(c) = Σ_{y<y₀, x+y ≤ c} a      the rows above, left of the right edge (an anti-diagonal)
//   B_k(s) = Σ_{y<y₀, x−y+H ≤ s} a    the rows above, left of the left edge (a diagonal)
//
// A_k and B_k are one row of the upright table of the band sums S(k, c) = Σ_{y in band k}
// {a[y][c − y], a[y][c + y − H]}: each band's pixels summed along both diagonals. So:
//   1. band_sums: S, a (bands) × (W + H) matrix of two-value sums, reading the image once;
//   2. the upright table of S (U32x2/F32x2, one small table: a row scan and a column scan);
//   3. band_tiles: each tile of R rows reads its pixels once more with R columns of halo, builds
//      the in-band triangles by OpenCV's recurrence in shared memory and adds A − B of the row
//      above its band: it writes the table once.
// No tile waits for another (no look-back): the image is read twice (1 byte a pixel for 8-bit
// images, against the 4 written) and the table written once.
//
// Float images: A − B and the recurrence subtract, so an inf pixel would give inf − inf = NaN
// where cv::integral (which only adds) gives inf. Each step therefore sums the finite pixels only
// and carries beside them the counts of tilted/non_finite.h (+inf-or-NaN, −inf-or-NaN pixels:
// two more u32x2 band-sum matrices with their upright tables, two more u32 recurrences in the
// tiles); tilted_value() gives each table value, as on the CPU.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "sat/sat.h"

namespace sat::detail {

// The types of an input (8-bit or float): the table's value, the band sums' and the in-band
// triangles' accumulator, the pair type of the band sums. 8-bit: u32 wrap-around throughout (the
// table's bits; a band sums at most 255·R per value). Float: band sums and triangles in double,
// rounded once.
template <class In>
struct TiltedTypes;
// kCounts: whether the non-finite counts run beside the sums (float only).
template <>
struct TiltedTypes<uint8_t> {
  using Out = uint32_t;
  using Band = uint32_t;
  using Pair = u32x2;
  static constexpr bool kCounts = false;
};
template <>
struct TiltedTypes<float> {
  using Out = float;
  using Band = double;
  using Pair = f32x2;
  static constexpr bool kCounts = true;
};

// A plane's band-sum matrices (or their upright tables), `pitch` bytes a row each: the sums
// (u32x2 or f32x2) and, for float images, the counts (u32x2: anti-diagonal, diagonal) of the
// +inf-or-NaN ("up") and −inf-or-NaN ("down") pixels; null for 8-bit images.
struct BandSums {
  void* sums = nullptr;
  void* up = nullptr;
  void* down = nullptr;
  std::size_t pitch = 0;
};

// Rows of a band (R): the halo of a tile and the steps of its recurrence.
inline constexpr int kTiltedBandRows = 32;
// Table columns a band tile writes.
inline constexpr int kTiltedTileColumns = 256;

// The grid's y extent for `bands` bands: at most the hardware's 65535, the kernels loop over
// the rest.
inline unsigned band_grid_rows(int bands) { return bands < 65535 ? unsigned(bands) : 65535u; }

// The band-sum matrix: one row per band, W + H columns.
inline Extent band_sums_extent(Extent image) {
  return {image.width + image.height, (image.height + kTiltedBandRows - 1) / kTiltedBandRows};
}

// Device bytes compute_tilted needs for one plane (planes run one after another in it).
// Options::algorithm and tile do not apply: the band sums' table is always 2r2w-optimal's.
std::size_t tilted_workspace(ElementType type, Extent extent);
// The tilted table of every plane of an already validated batch (the workspace checked against
// tilted_workspace), one plane after another.
void compute_tilted(const Problem& first_plane, const Batch& batch, void* workspace, cudaStream_t stream);

// Step 1: S (band_sums_extent(image), u32x2 or f32x2 by `type`), and the counts for float images.
void tilted_band_sums(ElementType type, Extent image, const void* input, std::size_t input_pitch, const BandSums& sums,
                      cudaStream_t stream);
// Step 3: the (H + 1) × (W + 1) table from the image and the upright tables of S (and the counts).
void tilted_band_tiles(ElementType type, Extent image, const void* input, std::size_t input_pitch,
                       const BandSums& tables, void* out, std::size_t out_pitch, cudaStream_t stream);

}  // namespace sat::detail
