// The window/level mapping of 16-bit samples to the 8-bit display, as one formula that the host
// (window_level.h) and the GPU (window_level_kernels.cu) both compile, so that the CPU and CUDA
// pipelines show the same bytes. Integers only: no float rounding that could differ between them.
#pragma once

#include <cstdint>

#if defined(__CUDACC__)
#define SATLAB_HOST_DEVICE __host__ __device__
#else
#define SATLAB_HOST_DEVICE
#endif

namespace satlab {

// The samples shown from black to white: `low` and below → 0, `high` and above → 255, linear in
// between. high > low always (range_of widens a flat frame's range).
struct SampleRange {
  uint32_t low = 0, high = 65535;
};

// The range [lo, hi] made usable: at least one sample wide, inside 0..65535 (a flat frame, or a
// frame at 65535, still maps: its value shows black, or white at the top of the range).
SATLAB_HOST_DEVICE inline SampleRange range_of(uint32_t lo, uint32_t hi) {
  if (hi > 65535u) hi = 65535u;
  if (lo >= hi) {
    if (lo >= 65535u) return {65534u, 65535u};
    return {lo, lo + 1u};
  }
  return {lo, hi};
}

// One sample through the mapping, rounded to nearest: ((v − low)·255 + width/2) / width. The
// product stays below 2^24, so 32 bits hold it.
SATLAB_HOST_DEVICE inline uint8_t window_level_sample(uint32_t v, SampleRange r) {
  if (v <= r.low) return 0;
  if (v >= r.high) return 255;
  const uint32_t width = r.high - r.low;
  return static_cast<uint8_t>(((v - r.low) * 255u + width / 2u) / width);
}

}  // namespace satlab
