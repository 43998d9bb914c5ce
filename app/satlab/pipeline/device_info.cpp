#include "pipeline/device_info.h"

#include <cuda_runtime_api.h>

#include "common/cuda/cuda_check.h"

namespace satlab {

GpuStatus query_gpu_status() {
  int device = 0;
  SAT_CUDA_CHECK(cudaGetDevice(&device));
  cudaDeviceProp props{};
  SAT_CUDA_CHECK(cudaGetDeviceProperties(&props, device));
  GpuStatus status;
  status.name = std::string(props.name) + " (sm_" + std::to_string(props.major) + std::to_string(props.minor) + ")";
  SAT_CUDA_CHECK(cudaMemGetInfo(&status.free_bytes, &status.total_bytes));
  return status;
}

}  // namespace satlab
