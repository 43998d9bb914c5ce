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
template <>
struct TiltedTypes<uint8_t> {
  using Out = uint32_t;
  using Band = uint32_t;
  using Pair = u32x2;
};
template <>
struct TiltedTypes<float> {
  using Out = float;
  using Band = double;
  using Pair = f32x2;
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

// Step 1: S (band_sums_extent(image), u32x2 or f32x2 by `type`, `sums_pitch` bytes a row).
void tilted_band_sums(ElementType type, Extent image, const void* input, std::size_t input_pitch, void* sums,
                      std::size_t sums_pitch, cudaStream_t stream);
// Step 3: the (H + 1) × (W + 1) table from the image and the upright table of S.
void tilted_band_tiles(ElementType type, Extent image, const void* input, std::size_t input_pitch,
                       const void* sums_table, std::size_t sums_pitch, void* out, std::size_t out_pitch,
                       cudaStream_t stream);

}  // namespace sat::detail
