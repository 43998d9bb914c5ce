#include "common/cuda/cuda_check.h"
#include "pipeline/window_level_kernels.h"
#include "sat/error.h"

namespace satlab {

namespace {

constexpr dim3 kBlock(32, 8);

dim3 grid_for(int width, int height) {
  return dim3((width + kBlock.x - 1) / kBlock.x, (height + kBlock.y - 1) / kBlock.y);
}

__device__ const uint16_t* row_of(const uint16_t* data, std::size_t pitch, int y) {
  return reinterpret_cast<const uint16_t*>(reinterpret_cast<const uint8_t*>(data) + y * pitch);
}

// One block's min and max by warp shuffles, then one atomic pair per warp (a frame of 8 Mpixels
// makes some 10^4 of them: a few microseconds).
__global__ void frame_range_kernel(const uint16_t* __restrict__ src, std::size_t pitch, int width, int height,
                                   uint32_t* range) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  uint32_t lo = 65535u, hi = 0u;
  if (x < width && y < height) lo = hi = row_of(src, pitch, y)[x];
  for (int offset = 16; offset > 0; offset /= 2) {
    lo = min(lo, __shfl_down_sync(0xffffffffu, lo, offset));
    hi = max(hi, __shfl_down_sync(0xffffffffu, hi, offset));
  }
  if ((threadIdx.x & 31) == 0) {
    atomicMin(&range[0], lo);
    atomicMax(&range[1], hi);
  }
}

__global__ void window_level_kernel(const uint16_t* __restrict__ src, std::size_t pitch, int width, int height,
                                    const uint32_t* range, SampleRange fixed, cudaSurfaceObject_t dst) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  const SampleRange r = range ? range_of(range[0], range[1]) : fixed;
  const uint8_t g = window_level_sample(row_of(src, pitch, y)[x], r);
  surf2Dwrite(make_uchar4(g, g, g, 255), dst, x * static_cast<int>(sizeof(uchar4)), y);
}

__global__ void unshift_kernel(const uint16_t* __restrict__ src, std::size_t src_pitch, int width, int height,
                               int shift, uint16_t* __restrict__ dst, std::size_t dst_pitch) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  reinterpret_cast<uint16_t*>(reinterpret_cast<uint8_t*>(dst) + y * dst_pitch)[x] =
      static_cast<uint16_t>(row_of(src, src_pitch, y)[x] >> shift);
}

void check_gray(int channels, const char* call) {
  if (channels != 1)
    throw sat::Error(sat::ErrorCode::InvalidArgument, call,
                     "a one-channel image is needed (got " + std::to_string(channels) + " channels)");
}

}  // namespace

void frame_range_gpu(sat::ConstImage16 image, uint32_t* range, cudaStream_t stream) {
  check_gray(image.channels, "frame_range_gpu");
  // range = {0xffffffff, 0}: what every sample lowers or raises (an empty image leaves it, which
  // range_of makes the top step).
  SAT_CUDA_CHECK(cudaMemsetAsync(range, 0xff, sizeof(uint32_t), stream));
  SAT_CUDA_CHECK(cudaMemsetAsync(range + 1, 0, sizeof(uint32_t), stream));
  if (image.width == 0 || image.height == 0) return;
  frame_range_kernel<<<grid_for(image.width, image.height), kBlock, 0, stream>>>(image.data, image.pitch, image.width,
                                                                                 image.height, range);
  SAT_CUDA_CHECK(cudaGetLastError());
}

void window_level_surface_gpu(sat::ConstImage16 src, const uint32_t* range, SampleRange fixed, cudaSurfaceObject_t rgba,
                              cudaStream_t stream) {
  check_gray(src.channels, "window_level_surface_gpu");
  if (src.width == 0 || src.height == 0) return;
  window_level_kernel<<<grid_for(src.width, src.height), kBlock, 0, stream>>>(src.data, src.pitch, src.width,
                                                                              src.height, range, fixed, rgba);
  SAT_CUDA_CHECK(cudaGetLastError());
}

void unshift_samples_gpu(sat::ConstImage16 src, int shift, sat::Image16 dst, cudaStream_t stream) {
  check_gray(src.channels, "unshift_samples_gpu");
  if (src.width == 0 || src.height == 0) return;
  unshift_kernel<<<grid_for(src.width, src.height), kBlock, 0, stream>>>(src.data, src.pitch, src.width, src.height,
                                                                         shift, dst.data, dst.pitch);
  SAT_CUDA_CHECK(cudaGetLastError());
}

}  // namespace satlab
