// The one CUDA error check of the programs: SATAPP_CUDA_CHECK(call) throws CudaError naming the
// call, file and line; SATAPP_CUDA_CHECK_NOTHROW(call) prints a warning instead, for destructors
// and clean-up paths that must not throw.
#pragma once

#include <cuda_runtime_api.h>

#include <string>

#include "sat/error.h"

namespace satapp {

// A failed CUDA runtime call. A sat::Error (code OutOfMemory or CudaError), so that code which
// already handles satcore's failures handles these too; what() reads
//   "cudaMalloc(4096 bytes): device_buffer.cpp:21: cudaErrorMemoryAllocation: out of memory".
class CudaError : public sat::Error {
 public:
  CudaError(cudaError_t status, const std::string& call, const char* file, int line);
  cudaError_t status() const noexcept { return status_; }
  bool out_of_memory() const noexcept { return status_ == cudaErrorMemoryAllocation; }

 private:
  cudaError_t status_;
};

// Throws CudaError. `call` is the call as text (or what was being done, e.g. "waiting for X").
// Clears a non-sticky error first, so that the next call reports its own status.
[[noreturn]] void throw_cuda_error(cudaError_t status, const std::string& call, const char* file, int line);
// Prints "<program>: warning: <call> failed: ..." on stderr.
void report_cuda_error(cudaError_t status, const char* call, const char* file, int line) noexcept;

}  // namespace satapp

#define SATAPP_CUDA_CHECK(call)                                                                               \
  do {                                                                                                        \
    const cudaError_t satapp_status_ = (call);                                                                \
    if (satapp_status_ != cudaSuccess) ::satapp::throw_cuda_error(satapp_status_, #call, __FILE__, __LINE__); \
  } while (0)

#define SATAPP_CUDA_CHECK_NOTHROW(call)                                                                        \
  do {                                                                                                         \
    const cudaError_t satapp_status_ = (call);                                                                 \
    if (satapp_status_ != cudaSuccess) ::satapp::report_cuda_error(satapp_status_, #call, __FILE__, __LINE__); \
  } while (0)
