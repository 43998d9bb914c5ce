// Variable-radius blur on the GPU: one thread per pixel (32 × 8 blocks, rows strided), each
// reading its radius, 4 taps of the table per rectangle of its box (1 to 4 rectangles) and
// writing its bytes; neighbouring threads read neighbouring taps, so the warps' loads coalesce
// where the radius varies slowly (the generated fields; smooth radius maps).
#include "filters/grid.cuh"
#include "filters/variable_blur/variable_blur_pass.h"
#include "launch/launch.h"

namespace sat::filters {
namespace {

// `words`: dst rows start on 4-byte boundaries and 4 channels make one word per pixel.
template <int kCn>
__global__ void variable_blur_kernel(VariableBlurJob job, bool words) {
  const int x = column();
  if (x >= job.width) return;
  for (int y = first_row(); y < job.height; y += row_stride()) {
    uint8_t v[kCn];
    variable_blur_pixel<kCn>(job, x, y, v);
    uint8_t* out = row_ptr(job.dst, job.dst_pitch, y) + std::size_t(x) * kCn;
    if constexpr (kCn == 4) {
      if (words) {
        *reinterpret_cast<uint32_t*>(out) =
            uint32_t(v[0]) | uint32_t(v[1]) << 8 | uint32_t(v[2]) << 16 | uint32_t(v[3]) << 24;
        continue;
      }
    }
#pragma unroll
    for (int c = 0; c < kCn; ++c) out[c] = v[c];
  }
}

template <int kCn>
void launch(const VariableBlurJob& job, cudaStream_t stream) {
  const bool words = reinterpret_cast<std::uintptr_t>(job.dst) % 4 == 0 && job.dst_pitch % 4 == 0;
  variable_blur_kernel<kCn><<<pixel_grid(job.width, job.height), pixel_block(), 0, stream>>>(job, words);
  detail::check_launch("sat::filters::variable_blur");
}

}  // namespace

void cuda_variable_blur(const VariableBlurJob& job, cudaStream_t stream) {
  switch (job.channels) {
    case 1:
      return launch<1>(job, stream);
    case 3:
      return launch<3>(job, stream);
    default:
      return launch<4>(job, stream);
  }
}

}  // namespace sat::filters
