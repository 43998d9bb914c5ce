// A tensor map of an input image (or a batch of them) for the copy engine (block/tensor_copy.cuh):
// boxes of `box` × `box` elements at (x, y) of plane z, zeros outside the image. Host side.
#pragma once

#include <cuda.h>

#include <cstddef>

namespace sat::detail {

struct PlaneStack {
  const void* data;
  std::size_t element_bytes;  // 1, 2, 4 or 8: the copy moves bits, whatever the element type
  int width, height;
  std::size_t pitch;  // bytes between rows
  int planes;
  std::size_t plane_stride;  // bytes between planes
};

// Fills `map` and returns true, or returns false where the copy engine cannot describe the images
// (pointer, pitch or plane stride not a multiple of 16 bytes, an element or box size it does not
// take, a driver without the entry point): the caller keeps its cp.async path then.
bool encode_plane_tensor_map(CUtensorMap& map, const PlaneStack& images, int box);

}  // namespace sat::detail
