// CUDA adaptive-threshold passes (mean − C, Sauvola, Bradley–Roth): a thread per pixel.
#include "detail/launch.h"
#include "filters/backend.h"
#include "filters/grid.cuh"

namespace sat::filters {
namespace {

__global__ void mean_c_kernel(MeanCJob job) {
  const int x = column();
  if (x >= job.box.width) return;
  for (int y = first_row(); y < job.box.height; y += row_stride()) {
    const AxisTerms rows = box_row_terms(job.box, y);
    row_ptr(job.box.dst, job.box.dst_pitch, y)[x] = mean_c_pixel(job, rows, x, y);
  }
}

__global__ void sauvola_kernel(SauvolaJob job) {
  const int x = column();
  if (x >= job.width) return;
  for (int y = first_row(); y < job.height; y += row_stride()) {
    const AxisTerms rows = sauvola_row_terms(job, y);
    row_ptr(job.dst, job.dst_pitch, y)[x] = sauvola_pixel(job, rows, x, y);
  }
}

__global__ void bradley_kernel(BradleyJob job) {
  const int x = column();
  if (x >= job.width) return;
  for (int y = first_row(); y < job.height; y += row_stride()) {
    int r0, r1;
    clipped_interval(y, job.height, job.window, job.anchor, r0, r1);
    row_ptr(job.dst, job.dst_pitch, y)[x] = bradley_pixel(job, r0, r1, x, y);
  }
}

}  // namespace

void cuda_mean_c(const MeanCJob& job, cudaStream_t stream) {
  mean_c_kernel<<<pixel_grid(job.box.width, job.box.height), pixel_block(), 0, stream>>>(job);
  detail::check_launch("sat::filters::mean_c_kernel");
}

void cuda_sauvola(const SauvolaJob& job, cudaStream_t stream) {
  sauvola_kernel<<<pixel_grid(job.width, job.height), pixel_block(), 0, stream>>>(job);
  detail::check_launch("sat::filters::sauvola_kernel");
}

void cuda_bradley(const BradleyJob& job, cudaStream_t stream) {
  bradley_kernel<<<pixel_grid(job.width, job.height), pixel_block(), 0, stream>>>(job);
  detail::check_launch("sat::filters::bradley_kernel");
}

}  // namespace sat::filters
