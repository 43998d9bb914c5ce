// The tilted table on the GPU (Table::Tilted), built from two upright tables of sheared views
// of the image (docs/algorithms.md, "The tilted table"):
//
//   t[Y][X] = Σ_{y<Y, x+y ≤ X+Y−2} a − Σ_{y<Y, x−y ≤ X−Y−1} a
//
// (the triangle above pixel (X − 1, Y − 1) is what lies left of its right edge, the
// anti-diagonal x + y = X + Y − 2, less what lies left of its left edge, the diagonal
// x − y = X − Y). Shearing row y by +y (u = x + y) and by −y (v = x − y + H − 1) turns both
// half-planes into upright rectangles: each sum is one value of the upright table of a sheared
// image H − 1 columns wider than the image. The sheared images are views of one zero-padded copy
// (row pitches one element shorter and longer than the copy's), so only the copy is written.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>

#include "sat/sat.h"

namespace sat::detail {

// The extent of the two sheared images (and of their upright tables).
inline Extent sheared_extent(Extent image) { return {image.width + image.height - 1, image.height}; }

// Device bytes compute_tilted needs for one plane (planes run one after another in it).
std::size_t tilted_workspace(ElementType type, Extent extent, const Options& options);
// The tilted table of every plane of an already validated batch, one plane after another.
void compute_tilted(const Problem& first_plane, const Batch& batch, const Options& options, void* workspace,
                    std::size_t workspace_bytes, cudaStream_t stream);

// t from the upright tables of the two sheared images (both `sheared_pitch` bytes a row):
// writes the (H + 1) × (W + 1) table of `out`.
void tilted_from_sheared(ElementType type, Extent image, const void* right_of, const void* left_of,
                         std::size_t sheared_pitch, void* out, std::size_t out_pitch, cudaStream_t stream);

}  // namespace sat::detail
