// CUDA box blur pass: a thread per output pixel, its box sum from 4 table taps (a few more where
// the box crosses the border), rounded as OpenCV rounds (filter_ops.h).
#include "detail/launch.h"
#include "filters/backend.h"
#include "filters/grid.cuh"

namespace sat::filters {
namespace {

__global__ void box_blur_kernel(BoxJob job) {
  const int x = column();
  if (x >= job.width) return;
  for (int y = first_row(); y < job.height; y += row_stride()) {
    const AxisTerms rows = box_row_terms(job, y);
    box_pixel(job, rows, x, row_ptr(job.dst, job.dst_pitch, y));
  }
}

}  // namespace

void cuda_box_blur(const BoxJob& job, cudaStream_t stream) {
  box_blur_kernel<<<pixel_grid(job.width, job.height), pixel_block(), 0, stream>>>(job);
  detail::check_launch("sat::filters::box_blur_kernel");
}

}  // namespace sat::filters
