// One thread per pixel (or per group of pixels: filter_pass.cuh): blocks of the filters' launch
// policy (tuning/filter_policy.h, 32×8), rows strided when the image is taller than the grid.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>

#include "tuning/filter_policy.h"

namespace sat::filters {

inline constexpr int kBlockX = detail::FilterLaunchPolicy::kPixelBlockX;
inline constexpr int kBlockY = detail::FilterLaunchPolicy::kPixelBlockY;

inline dim3 pixel_grid(int width, int height) {
  const int gx = (width + kBlockX - 1) / kBlockX;
  const int gy = std::min((height + kBlockY - 1) / kBlockY, 65535);
  return dim3(unsigned(gx), unsigned(gy));
}

inline dim3 pixel_block() { return dim3(kBlockX, kBlockY); }

// for (int y = first_row(); y < height; y += row_stride())
__device__ __forceinline__ int first_row() { return int(blockIdx.y * blockDim.y + threadIdx.y); }
__device__ __forceinline__ int row_stride() { return int(gridDim.y * blockDim.y); }
__device__ __forceinline__ int column() { return int(blockIdx.x * blockDim.x + threadIdx.x); }

// Four bytes as one little-endian word (b[0] lowest): one 4-byte store instead of four.
__device__ __forceinline__ uint32_t pack_word(const uint8_t* b) {
  return uint32_t(b[0]) | uint32_t(b[1]) << 8 | uint32_t(b[2]) << 16 | uint32_t(b[3]) << 24;
}

}  // namespace sat::filters
