#include <cstdint>

#include "common/cuda/cuda_check.h"
#include "pipeline/color_kernels.h"
#include "sat/error.h"

namespace satlab {

namespace {

constexpr dim3 kBlock(32, 8);

dim3 grid_for(int width, int height) {
  return dim3((width + kBlock.x - 1) / kBlock.x, (height + kBlock.y - 1) / kBlock.y);
}

template <int Channels>
__device__ uchar4 load_as_rgba(const uint8_t* row, int x) {
  if constexpr (Channels == 1) {
    const uint8_t g = row[x];
    return make_uchar4(g, g, g, 255);
  } else if constexpr (Channels == 3) {
    const uint8_t* p = row + 3 * x;
    return make_uchar4(p[2], p[1], p[0], 255);
  } else {
    const uchar4 p = reinterpret_cast<const uchar4*>(row)[x];
    return make_uchar4(p.z, p.y, p.x, p.w);
  }
}

template <int Channels>
__global__ void to_rgba_surface_kernel(const uint8_t* __restrict__ src, std::size_t pitch, int width, int height,
                                       cudaSurfaceObject_t dst) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  surf2Dwrite(load_as_rgba<Channels>(src + y * pitch, x), dst, x * static_cast<int>(sizeof(uchar4)), y);
}

void check_channels(const sat::ConstImage8& src, const char* call) {
  if (src.channels != 1 && src.channels != 3 && src.channels != 4)
    throw sat::Error(sat::ErrorCode::InvalidArgument, call,
                     "channels must be 1, 3 or 4 (got " + std::to_string(src.channels) + ")");
}

}  // namespace

void to_rgba_surface_gpu(sat::ConstImage8 src, cudaSurfaceObject_t rgba, cudaStream_t stream) {
  check_channels(src, "to_rgba_surface_gpu");
  if (src.width == 0 || src.height == 0) return;
  const dim3 grid = grid_for(src.width, src.height);
  switch (src.channels) {
    case 1:
      to_rgba_surface_kernel<1><<<grid, kBlock, 0, stream>>>(src.data, src.pitch, src.width, src.height, rgba);
      break;
    case 3:
      to_rgba_surface_kernel<3><<<grid, kBlock, 0, stream>>>(src.data, src.pitch, src.width, src.height, rgba);
      break;
    default:
      to_rgba_surface_kernel<4><<<grid, kBlock, 0, stream>>>(src.data, src.pitch, src.width, src.height, rgba);
      break;
  }
  SAT_CUDA_CHECK(cudaGetLastError());
}

}  // namespace satlab
