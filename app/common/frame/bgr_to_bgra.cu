#include "common/frame/bgr_to_bgra.h"

#include <cstdint>

#include "common/cuda/cuda_check.h"
#include "sat/error.h"

namespace satapp {

namespace {

constexpr dim3 kBlock(32, 8);

dim3 grid_for(int width, int height) {
  return dim3((width + kBlock.x - 1) / kBlock.x, (height + kBlock.y - 1) / kBlock.y);
}

// Four pixels per thread: three aligned 32-bit loads (12 bytes of BGR) and one 16-byte store, so
// that a warp reads and writes whole contiguous segments. One byte load per channel and pixel (the
// obvious kernel) issues three times the load instructions, each warp touching the same sectors
// again. Rows must start 4-byte aligned (cudaMallocPitch pitches are); the last 1-3 pixels of a
// row whose width is not a multiple of 4 go one by one.
__global__ void bgr_to_bgra_x4_kernel(const uint8_t* __restrict__ src, std::size_t src_pitch, uint8_t* __restrict__ dst,
                                      std::size_t dst_pitch, int width, int height) {
  const int quad = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  const int x = 4 * quad;
  if (x >= width || y >= height) return;
  const uint8_t* s = src + y * src_pitch;
  uint8_t* d = dst + y * dst_pitch;
  if (x + 4 <= width) {
    const uint32_t* s32 = reinterpret_cast<const uint32_t*>(s + 3 * x);
    const uint32_t a = s32[0], b = s32[1], c = s32[2];  // little-endian: b0 g0 r0 b1 | g1 r1 b2 g2 | r2 b3 g3 r3
    constexpr uint32_t kAlpha = 0xFF000000u;
    uint4 out;
    out.x = (a & 0x00FFFFFFu) | kAlpha;
    out.y = (a >> 24) | ((b & 0x0000FFFFu) << 8) | kAlpha;
    out.z = (b >> 16) | ((c & 0x000000FFu) << 16) | kAlpha;
    out.w = (c >> 8) | kAlpha;
    reinterpret_cast<uint4*>(d)[quad] = out;
    return;
  }
  for (int i = x; i < width; ++i) {
    const uint8_t* p = s + 3 * i;
    reinterpret_cast<uchar4*>(d)[i] = make_uchar4(p[0], p[1], p[2], 255);
  }
}

// Any alignment: a pixel per thread.
__global__ void bgr_to_bgra_kernel(const uint8_t* __restrict__ src, std::size_t src_pitch, uint8_t* __restrict__ dst,
                                   std::size_t dst_pitch, int width, int height) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  const uint8_t* s = src + y * src_pitch + 3 * x;
  reinterpret_cast<uchar4*>(dst + y * dst_pitch)[x] = make_uchar4(s[0], s[1], s[2], 255);
}

bool aligned(const void* p, std::size_t pitch, std::size_t to) {
  return reinterpret_cast<std::uintptr_t>(p) % to == 0 && pitch % to == 0;
}

}  // namespace

void bgr_to_bgra_gpu(sat::ConstImage8 bgr, sat::Image8 bgra, cudaStream_t stream) {
  if (bgr.channels != 3 || bgra.channels != 4 || bgr.width != bgra.width || bgr.height != bgra.height)
    throw sat::Error(sat::ErrorCode::InvalidArgument, "bgr_to_bgra_gpu",
                     "needs 3-channel input and 4-channel output of one size");
  if (bgr.width == 0 || bgr.height == 0) return;
  if (aligned(bgr.data, bgr.pitch, 4) && aligned(bgra.data, bgra.pitch, 16))
    bgr_to_bgra_x4_kernel<<<grid_for((bgr.width + 3) / 4, bgr.height), kBlock, 0, stream>>>(
        bgr.data, bgr.pitch, bgra.data, bgra.pitch, bgr.width, bgr.height);
  else
    bgr_to_bgra_kernel<<<grid_for(bgr.width, bgr.height), kBlock, 0, stream>>>(bgr.data, bgr.pitch, bgra.data,
                                                                               bgra.pitch, bgr.width, bgr.height);
  SAT_CUDA_CHECK(cudaGetLastError());
}

}  // namespace satapp
