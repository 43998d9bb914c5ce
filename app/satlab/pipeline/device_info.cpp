#include "pipeline/device_info.h"

#include <cuda_runtime_api.h>

#include "common/cuda/cuda_check.h"

namespace satlab {

std::string describe_cuda_unavailable(cudaError_t status) {
  if (status == cudaErrorInsufficientDriver || status == cudaErrorNoDevice) return kNoNvidiaGpu;
  return std::string("no usable CUDA device (") + cudaGetErrorString(status) + ")";
}

std::string cpu_fallback_text(const std::string& why) { return why + ", using the CPU backend"; }

std::string cuda_unavailable_reason() {
  int count = 0;
  const cudaError_t status = cudaGetDeviceCount(&count);
  if (status != cudaSuccess) {
    (void)cudaGetLastError();
    return describe_cuda_unavailable(status);
  }
  if (count == 0) return describe_cuda_unavailable(cudaErrorNoDevice);
  return "";
}

GpuStatus query_gpu_status() {
  int device = 0;
  SATAPP_CUDA_CHECK(cudaGetDevice(&device));
  cudaDeviceProp props{};
  SATAPP_CUDA_CHECK(cudaGetDeviceProperties(&props, device));
  GpuStatus status;
  status.name = std::string(props.name) + " (sm_" + std::to_string(props.major) + std::to_string(props.minor) + ")";
  SATAPP_CUDA_CHECK(cudaMemGetInfo(&status.free_bytes, &status.total_bytes));
  return status;
}

}  // namespace satlab
