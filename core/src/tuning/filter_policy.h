// Launch shapes of the filters' kernels (core/src/filters/): the per-pixel block of the interior
// passes (filters/grid.cuh) and the flat block of the border passes (filter_pass.cuh, the guided
// filter's coefficients). Memory-bound one-pixel-per-thread kernels; measured on an H100 only as
// part of the filters' tables (docs/filters.md), the same on every architecture: the host builds
// the grid and no kernel depends on the shape beyond its launch.
#pragma once

#include <cstdint>

namespace sat::detail {

struct FilterLaunchPolicy {
  // Interior passes: 32 × 8 threads, a warp per row span of 32 pixels (coalesced), 8 rows.
  static constexpr int kPixelBlockX = 32;
  static constexpr int kPixelBlockY = 8;
  // Border passes: a flat list of pixel groups, 256 threads per block, at most 2^16 blocks
  // (grid-stride loop beyond).
  static constexpr int kBorderThreads = 256;
  static constexpr std::int64_t kMaxBorderBlocks = std::int64_t(1) << 16;

  // Blocks for a flat list of `count` items of kBorderThreads.
  static constexpr unsigned border_blocks(std::int64_t count) {
    const std::int64_t b = (count + kBorderThreads - 1) / kBorderThreads;
    return unsigned(b < kMaxBorderBlocks ? b : kMaxBorderBlocks);
  }
};

}  // namespace sat::detail
