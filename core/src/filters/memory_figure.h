// The pieces of the catalog's memory figures (FilterInfo::scratch, sat/filter_spec.h), one
// definition each: what the CUDA engine holds for a frame, a colour image's gray plane, and the
// rows a CPU pass keeps per thread.
#pragma once

#include <algorithm>
#include <cstddef>

#include "cpu/parallel_bands.h"
#include "sat/sat.h"

namespace sat::filters {

// The CUDA engine's table buffer (scratch slot 0: the largest table element, u32x4 or SumSq) and
// staging buffer (slot 1: u8x4 pixels or a gray plane), per pixel of its extent, allocated at
// construction (filter_engine.cpp).
inline constexpr std::size_t kTableBytesPerPixel = 16;
inline constexpr std::size_t kStageBytesPerPixel = 4;

inline std::size_t pixels_of(Extent e) { return std::size_t(e.width) * std::size_t(e.height); }

// CUDA: the engine's buffers, slot 0 grown to `table_bytes` where a filter needs more.
inline std::size_t cuda_engine_bytes(Extent e, std::size_t table_bytes = 0) {
  return std::max(pixels_of(e) * kTableBytesPerPixel, table_bytes) + pixels_of(e) * kStageBytesPerPixel;
}

// CPU: the gray plane of a colour image (stages.h's gray_plane, scratch slot 1); none for gray.
inline std::size_t cpu_gray_plane_bytes(Extent e, int channels) { return channels == 1 ? 0 : pixels_of(e); }

// CPU: working rows of `bytes_per_pixel` per pixel of a row, one set per thread (band).
inline std::size_t cpu_rows_bytes(Extent e, std::size_t bytes_per_pixel) {
  return std::size_t(e.width + 1) * bytes_per_pixel * std::size_t(detail::hardware_threads());
}

}  // namespace sat::filters
