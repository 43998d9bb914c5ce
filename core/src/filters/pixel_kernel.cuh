// The launch of a filter that computes each pixel whole, all its channels at once, in one thread
// (kuwahara, variable blur): one thread per pixel (grid.cuh), rows strided, the job's channel
// count made a template argument. Pixel<kCn>{}(job, x, y, v) writes pixel (x, y)'s kCn bytes
// into v; the kernel stores them to job.dst, as one 4-byte word where 4 channels lie aligned.
// Job: dst, dst_pitch, width, height and channels (1, 3 or 4; checked before the launch).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "filters/filter_ops.h"
#include "filters/grid.cuh"
#include "launch/launch.h"

namespace sat::filters {

// `words`: dst rows start on 4-byte boundaries, so 4 channels make one aligned word per pixel.
template <template <int> class Pixel, int kCn, class Job>
__global__ void whole_pixel_kernel(Job job, bool words) {
  const int x = column();
  if (x >= job.width) return;
  for (int y = first_row(); y < job.height; y += row_stride()) {
    uint8_t v[kCn];
    Pixel<kCn>{}(job, x, y, v);
    uint8_t* out = row_ptr(job.dst, job.dst_pitch, y) + std::size_t(x) * kCn;
    if constexpr (kCn == 4) {
      if (words) {
        *reinterpret_cast<uint32_t*>(out) = pack_word(v);
        continue;
      }
    }
#pragma unroll
    for (int c = 0; c < kCn; ++c) out[c] = v[c];
  }
}

template <template <int> class Pixel, int kCn, class Job>
void launch_whole_pixels(const Job& job, cudaStream_t stream, const char* call) {
  const bool words = reinterpret_cast<std::uintptr_t>(job.dst) % 4 == 0 && job.dst_pitch % 4 == 0;
  whole_pixel_kernel<Pixel, kCn><<<pixel_grid(job.width, job.height), pixel_block(), 0, stream>>>(job, words);
  detail::check_launch(call);
}

// `call` names the filter in a launch error ("sat::filters::kuwahara").
template <template <int> class Pixel, class Job>
void launch_whole_pixels(const Job& job, cudaStream_t stream, const char* call) {
  switch (job.channels) {
    case 1:
      return launch_whole_pixels<Pixel, 1>(job, stream, call);
    case 3:
      return launch_whole_pixels<Pixel, 3>(job, stream, call);
    default:
      return launch_whole_pixels<Pixel, 4>(job, stream, call);
  }
}

}  // namespace sat::filters
