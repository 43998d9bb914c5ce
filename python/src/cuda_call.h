// CUDA runtime calls of the Python module: a check that throws with the call's name, and the
// current device set for a scope (a tensor on GPU 1 is computed on GPU 1, then the caller's
// device is restored).
#pragma once

#include <cuda_runtime_api.h>

#include <new>
#include <stdexcept>
#include <string>

#include "sat/device.h"

namespace satpy {

inline void cuda_call(cudaError_t status, const char* call) {
  if (status == cudaSuccess) return;
  cudaGetLastError();  // clear a non-sticky error so the next call starts clean
  // satcore's wording: "no NVIDIA driver / GPU found" rather than the runtime's "insufficient driver".
  throw std::runtime_error(std::string(call) + " failed: " + sat::describe_cuda_error(status));
}

class DeviceScope {
 public:
  explicit DeviceScope(int device) {
    cuda_call(cudaGetDevice(&previous_), "cudaGetDevice");
    if (device != previous_) cuda_call(cudaSetDevice(device), "cudaSetDevice");
  }
  // For destructors: errors are ignored.
  DeviceScope(int device, std::nothrow_t) {
    if (cudaGetDevice(&previous_) != cudaSuccess) previous_ = device;
    if (device != previous_) cudaSetDevice(device);
  }
  ~DeviceScope() {
    int now = previous_;
    if (cudaGetDevice(&now) == cudaSuccess && now != previous_) cudaSetDevice(previous_);
  }
  DeviceScope(const DeviceScope&) = delete;
  DeviceScope& operator=(const DeviceScope&) = delete;

 private:
  int previous_ = 0;
};

}  // namespace satpy
