// Launch shapes of the cascade detector's kernels (core/src/detect/cuda_detect.cu): measured on an
// H100 as part of docs/detection.md's figures, the same on every architecture (the host sizes the
// grids with them and the kernels' launch bounds are compiled with kCascadeThreads).
#pragma once

namespace sat::detail {

struct DetectLaunchPolicy {
  // The cascade kernels (stage 0 over window rows, further stages over the survivor lists, the
  // publishing copy): 8 warps per block.
  static constexpr int kCascadeThreads = 256;
  // The pyramid's resize: 32 × 8 pixels per block.
  static constexpr int kResizeBlockX = 32;
  static constexpr int kResizeBlockY = 8;
  // The copy of the accepted windows to the host (grid-stride): this many blocks.
  static constexpr int kPublishBlocks = 64;
};

}  // namespace sat::detail
