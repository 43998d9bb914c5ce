#include "common/cuda/cuda_check.h"
#include "common/frame/frame_ingest.h"
#include "common/frame/pixel_to_bgr.h"
#include "sat/error.h"

namespace satapp {

namespace {

// A pixel a thread: a warp reads 32 luma bytes and 16 chroma pairs (NV12) or 128 bytes (packed)
// and writes 128 contiguous bytes of each output, so the kernel runs at the memory's speed
// without tiling. UV is read once per pixel, from L1 for the pixel's neighbour.
template <bool kBgra, bool kRgba>
__global__ void ingest_kernel(FrameView frame, sat::Image8 bgra, cudaSurfaceObject_t rgba) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= frame.width || y >= frame.height) return;
  uint8_t bgr[3];
  pixel_to_bgr(frame, x, y, bgr);
  if constexpr (kBgra)
    reinterpret_cast<uchar4*>(bgra.data + static_cast<std::size_t>(y) * bgra.pitch)[x] =
        make_uchar4(bgr[0], bgr[1], bgr[2], 255);
  if constexpr (kRgba) surf2Dwrite(make_uchar4(bgr[2], bgr[1], bgr[0], 255), rgba, x * int(sizeof(uchar4)), y);
}

template <bool kBgra, bool kRgba>
void launch(const FrameView& frame, sat::Image8 bgra, cudaSurfaceObject_t rgba, cudaStream_t stream) {
  const dim3 block(32, 8);
  const dim3 grid((frame.width + block.x - 1) / block.x, (frame.height + block.y - 1) / block.y);
  ingest_kernel<kBgra, kRgba><<<grid, block, 0, stream>>>(frame, bgra, rgba);
}

}  // namespace

void ingest_gpu(const FrameView& frame, sat::Image8 bgra, cudaSurfaceObject_t rgba, cudaStream_t stream) {
  const bool to_bgra = bgra.data != nullptr, to_rgba = rgba != 0;
  if (!frame.on_device || (to_bgra && (bgra.channels != 4 || bgra.width != frame.width || bgra.height != frame.height)))
    throw sat::Error(sat::ErrorCode::InvalidArgument, "ingest_gpu",
                     "needs a device frame and a 4-channel image of its size (" + std::to_string(frame.width) + "x" +
                         std::to_string(frame.height) + ")");
  require_8bit(frame.layout, "ingest_gpu");
  if (frame.width <= 0 || frame.height <= 0 || (!to_bgra && !to_rgba)) return;
  if (to_bgra && to_rgba)
    launch<true, true>(frame, bgra, rgba, stream);
  else if (to_bgra)
    launch<true, false>(frame, bgra, rgba, stream);
  else
    launch<false, true>(frame, bgra, rgba, stream);
  SAT_CUDA_CHECK(cudaGetLastError());
}

}  // namespace satapp
