#include "common/frame/frame_to_bgr.h"

#include "common/cuda/cuda_check.h"
#include "common/frame/pixel_to_bgr.h"
#include "sat/error.h"

namespace satapp {

namespace {

__global__ void to_bgr_kernel(FrameView frame, sat::Image8 bgr) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= frame.width || y >= frame.height) return;
  pixel_to_bgr(frame, x, y, bgr.data + static_cast<std::size_t>(y) * bgr.pitch + 3 * x);
}

}  // namespace

void to_bgr_gpu(const FrameView& frame, sat::Image8 bgr, cudaStream_t stream) {
  if (!frame.on_device || bgr.channels != 3 || bgr.width != frame.width || bgr.height != frame.height)
    throw sat::Error(sat::ErrorCode::InvalidArgument, "to_bgr_gpu",
                     "needs a device frame and a 3-channel image of its size (" + std::to_string(frame.width) + "x" +
                         std::to_string(frame.height) + ")");
  const dim3 block(32, 8);
  const dim3 grid((frame.width + block.x - 1) / block.x, (frame.height + block.y - 1) / block.y);
  to_bgr_kernel<<<grid, block, 0, stream>>>(frame, bgr);
  SAT_CUDA_CHECK(cudaGetLastError());
}

}  // namespace satapp
