#include "common/cuda/cuda_stream.h"

#include "common/cuda/cuda_check.h"
#include "common/cuda/device_hang.h"

namespace satapp {

void CudaStream::Destroy::operator()(cudaStream_t stream) const noexcept {
  if (!device_hung()) SATAPP_CUDA_CHECK_NOTHROW(cudaStreamDestroy(stream));
}

CudaStream::CudaStream() {
  cudaStream_t stream = nullptr;
  SATAPP_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  stream_.reset(stream);
}

}  // namespace satapp
