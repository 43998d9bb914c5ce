// The CUDA device as the UI reports it. Whether there is one at all, and why not, is satcore's
// (sat::cuda_unavailable_reason, sat/device.h).
#pragma once

#include <cstddef>
#include <string>

namespace satlab {

struct GpuStatus {
  std::string name;  // e.g. "NVIDIA H100 80GB HBM3 (sm_90)"
  std::size_t free_bytes = 0, total_bytes = 0;
};
// The current device's name and memory (cudaMemGetInfo). Call a few times a second at most.
// Throws sat::Error on a CUDA failure.
GpuStatus query_gpu_status();

}  // namespace satlab
