// Whether satcore's CUDA backend can run here, and if not why not, in one wording for every
// program, the Python module and the library's own errors.
//
// A machine without an NVIDIA driver or GPU is told so plainly, "no NVIDIA driver / GPU found",
// rather than with the CUDA runtime's "CUDA driver version is insufficient for CUDA runtime
// version" (what the runtime says when there is no driver at all), which sends a user to upgrade a
// driver that does not exist. A driver that is really too old for the runtime is named as such,
// with both versions.
//
//   sat::CudaAvailability a = sat::cuda_availability();
//   if (!a.usable()) std::fprintf(stderr, "%s, using the CPU backend\n", a.reason.c_str());
//   // --> "no NVIDIA driver / GPU found, using the CPU backend"
#pragma once

#include <cuda_runtime_api.h>

#include <string>

namespace sat {

// The reason for a machine without an NVIDIA driver or without an NVIDIA GPU.
inline constexpr const char* kNoNvidiaGpu = "no NVIDIA driver / GPU found";

struct CudaAvailability {
  int device_count = 0;  // CUDA devices the runtime sees (0 when it cannot start)
  std::string reason;    // empty when the device asked about can be used; else why not
  bool usable() const { return reason.empty(); }
};

// Asks the CUDA runtime (cudaGetDeviceCount; makes no context) whether CUDA device `device` can be
// used. Never throws for a CUDA error; clears the error it met (one the runtime keeps, as it does
// without a driver, stays).
CudaAvailability cuda_availability(int device = 0);

// cuda_availability(device).reason: "" when the device can be used.
std::string cuda_unavailable_reason(int device = 0);

// A CUDA error in a user's words:
//   cudaErrorNoDevice, cudaErrorInsufficientDriver without a driver  --> kNoNvidiaGpu
//   cudaErrorInsufficientDriver with a driver older than the runtime -->
//     "the NVIDIA driver supports CUDA 12.2, older than the CUDA runtime 13.0 satcore uses:
//      update the NVIDIA driver"
//   anything else --> "cudaErrorLaunchFailure (unspecified launch failure)" (the runtime's name and text)
std::string describe_cuda_error(cudaError_t status);

}  // namespace sat
