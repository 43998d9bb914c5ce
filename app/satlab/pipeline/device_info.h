// The CUDA device as the UI reports it, and whether there is one at all.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <string>

namespace satlab {

// "" when a CUDA device can be used; otherwise why not (no driver, no device, ...).
std::string cuda_unavailable_reason();

// Why cudaGetDeviceCount failed, in the user's words: a machine without an NVIDIA driver or GPU
// (cudaErrorInsufficientDriver, cudaErrorNoDevice) is told so plainly rather than with the
// runtime's "CUDA driver version is insufficient"; other errors keep the runtime's text.
std::string describe_cuda_unavailable(cudaError_t status);
inline constexpr const char* kNoNvidiaGpu = "no NVIDIA driver / GPU found";

// The message and banner while the CPU backend runs because CUDA cannot: "WHY, using the CPU backend".
std::string cpu_fallback_text(const std::string& why);

struct GpuStatus {
  std::string name;  // e.g. "NVIDIA H100 80GB HBM3 (sm_90)"
  std::size_t free_bytes = 0, total_bytes = 0;
};
// The current device's name and memory (cudaMemGetInfo). Call a few times a second at most.
// Throws sat::Error on a CUDA failure.
GpuStatus query_gpu_status();

}  // namespace satlab
