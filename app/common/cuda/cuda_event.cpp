#include "common/cuda/cuda_event.h"

#include "common/cuda/cuda_check.h"
#include "common/cuda/device_hang.h"

namespace satapp {

void CudaEvent::Destroy::operator()(cudaEvent_t event) const noexcept {
  if (!device_hung()) SATAPP_CUDA_CHECK_NOTHROW(cudaEventDestroy(event));
}

CudaEvent::CudaEvent(unsigned flags) {
  cudaEvent_t event = nullptr;
  SATAPP_CUDA_CHECK(cudaEventCreateWithFlags(&event, flags));
  event_.reset(event);
}

}  // namespace satapp
