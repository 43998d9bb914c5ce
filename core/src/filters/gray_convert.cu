// CUDA colour conversions: BGR[A] → gray, and 3/4 channels → 4-byte pixels for the u8x4 table.
#include "filters/backend.h"
#include "filters/grid.cuh"
#include "launch/launch.h"

namespace sat::filters {
namespace {

__global__ void to_gray_kernel(ConstImage8 src, uint8_t* dst, std::size_t dst_pitch) {
  const int x = column();
  if (x >= src.width) return;
  const int cn = src.channels;
  for (int y = first_row(); y < src.height; y += row_stride()) {
    const uint8_t* in = row_ptr(src.data, src.pitch, y) + x * cn;
    row_ptr(dst, dst_pitch, y)[x] = bgr_to_gray(in[0], in[1], in[2]);
  }
}

__global__ void to_bgrx_kernel(ConstImage8 src, u8x4* dst, std::size_t dst_pitch) {
  const int x = column();
  if (x >= src.width) return;
  const int cn = src.channels;
  for (int y = first_row(); y < src.height; y += row_stride()) {
    const uint8_t* in = row_ptr(src.data, src.pitch, y) + x * cn;
    row_ptr(dst, dst_pitch, y)[x] = {in[0], in[1], in[2], uint8_t(cn == 4 ? in[3] : 0)};
  }
}

}  // namespace

void cuda_to_gray(ConstImage8 src, uint8_t* dst, std::size_t dst_pitch, cudaStream_t stream) {
  if (src.channels == 1) {
    if (dst != src.data)
      check_cuda(cudaMemcpy2DAsync(dst, dst_pitch, src.data, src.pitch, std::size_t(src.width), std::size_t(src.height),
                                   cudaMemcpyDeviceToDevice, stream),
                 "cudaMemcpy2DAsync");
    return;
  }
  to_gray_kernel<<<pixel_grid(src.width, src.height), pixel_block(), 0, stream>>>(src, dst, dst_pitch);
  detail::check_launch("sat::filters::to_gray_kernel");
}

void cuda_to_bgrx(ConstImage8 src, u8x4* dst, std::size_t dst_pitch, cudaStream_t stream) {
  to_bgrx_kernel<<<pixel_grid(src.width, src.height), pixel_block(), 0, stream>>>(src, dst, dst_pitch);
  detail::check_launch("sat::filters::to_bgrx_kernel");
}

}  // namespace sat::filters
