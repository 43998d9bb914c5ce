#include "red_first_gray.h"

#include "gray_formula.h"
#include "sat/support/cuda_check.h"

namespace sat_gst {
namespace {

__global__ void red_first_gray_kernel(const uint8_t* packed, std::size_t packed_pitch, int channels, uint8_t* gray,
                                      std::size_t gray_pitch, int width, int height) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  const uint8_t* px = packed + std::size_t(y) * packed_pitch + std::size_t(x) * std::size_t(channels);
  gray[std::size_t(y) * gray_pitch + std::size_t(x)] = gray_of(px[2], px[1], px[0]);
}

}  // namespace

void red_first_to_gray_device(sat::ConstImage8 packed, sat::Image8 gray, cudaStream_t stream) {
  const dim3 block(32, 8);
  const dim3 grid((unsigned(packed.width) + block.x - 1) / block.x, (unsigned(packed.height) + block.y - 1) / block.y);
  red_first_gray_kernel<<<grid, block, 0, stream>>>(packed.data, packed.pitch, packed.channels, gray.data, gray.pitch,
                                                    packed.width, packed.height);
  SAT_CUDA_CHECK(cudaGetLastError());
}

}  // namespace sat_gst
