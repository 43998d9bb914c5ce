#include "pipeline/device_info.h"

#include <cuda_runtime_api.h>

#include "pipeline/cuda_check.h"

namespace satlab {

std::string cuda_unavailable_reason() {
  int count = 0;
  const cudaError_t status = cudaGetDeviceCount(&count);
  if (status != cudaSuccess) {
    (void)cudaGetLastError();
    return std::string("no usable CUDA device (") + cudaGetErrorString(status) + ")";
  }
  if (count == 0) return "no CUDA device";
  return "";
}

GpuStatus query_gpu_status() {
  int device = 0;
  SATLAB_CUDA_CHECK(cudaGetDevice(&device));
  cudaDeviceProp props{};
  SATLAB_CUDA_CHECK(cudaGetDeviceProperties(&props, device));
  GpuStatus status;
  status.name = std::string(props.name) + " (sm_" + std::to_string(props.major) + std::to_string(props.minor) + ")";
  SATLAB_CUDA_CHECK(cudaMemGetInfo(&status.free_bytes, &status.total_bytes));
  return status;
}

}  // namespace satlab
