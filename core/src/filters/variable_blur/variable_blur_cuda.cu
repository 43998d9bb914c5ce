// Variable-radius blur on the GPU: one thread per pixel (32 × 8 blocks, rows strided), each
// reading its radius, 4 taps of the table per rectangle of its box (1 to 4 rectangles) and
// writing its bytes; neighbouring threads read neighbouring taps, so the warps' loads coalesce
// where the radius varies slowly (the generated fields; smooth radius maps).
#include "filters/pixel_kernel.cuh"
#include "filters/variable_blur/variable_blur_pass.h"

namespace sat::filters {
namespace {

template <int kCn>
struct VariableBlurPixel {
  __device__ void operator()(const VariableBlurJob& job, int x, int y, uint8_t* v) const {
    variable_blur_pixel<kCn>(job, x, y, v);
  }
};

}  // namespace

void cuda_variable_blur(const VariableBlurJob& job, cudaStream_t stream) {
  launch_whole_pixels<VariableBlurPixel>(job, stream, "sat::filters::variable_blur");
}

}  // namespace sat::filters
