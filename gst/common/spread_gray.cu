#include "common/spread_gray.h"

#include "sat/support/cuda_check.h"

namespace sat_gst {
namespace {

__global__ void spread_gray_kernel(const uint8_t* gray, std::size_t gray_pitch, const uint8_t* src,
                                   std::size_t src_pitch, uint8_t* dst, std::size_t dst_pitch, int width, int height) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  const uint8_t g = gray[std::size_t(y) * gray_pitch + x];
  const uint8_t fourth = src[std::size_t(y) * src_pitch + std::size_t(x) * 4 + 3];
  // One 4-byte store a pixel (rows of 4-channel frames are 4-byte aligned).
  reinterpret_cast<uchar4*>(dst + std::size_t(y) * dst_pitch)[x] = make_uchar4(g, g, g, fourth);
}

}  // namespace

void spread_gray_device(sat::ConstImage8 gray, sat::ConstImage8 src, sat::Image8 dst, cudaStream_t stream) {
  const dim3 block(32, 8);
  const dim3 grid((unsigned(gray.width) + block.x - 1) / block.x, (unsigned(gray.height) + block.y - 1) / block.y);
  spread_gray_kernel<<<grid, block, 0, stream>>>(gray.data, gray.pitch, src.data, src.pitch, dst.data, dst.pitch,
                                                 gray.width, gray.height);
  SAT_CUDA_CHECK(cudaGetLastError());
}

}  // namespace sat_gst
