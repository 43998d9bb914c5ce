// The app's CUDA error check: one macro that throws sat::Error naming the call, file and line
// (as instant-ngp's CUDA_CHECK_THROW), and a non-throwing twin for destructors.
#pragma once

#include <cuda_runtime_api.h>

namespace satlab {

[[noreturn]] void throw_cuda_error(cudaError_t status, const char* call, const char* file, int line);
void report_cuda_error(cudaError_t status, const char* call, const char* file, int line) noexcept;

}  // namespace satlab

#define SATLAB_CUDA_CHECK(call)                                                         \
  do {                                                                                  \
    const cudaError_t satlab_status_ = (call);                                          \
    if (satlab_status_ != cudaSuccess)                                                  \
      ::satlab::throw_cuda_error(satlab_status_, #call, __FILE__, __LINE__);            \
  } while (0)

#define SATLAB_CUDA_CHECK_NOTHROW(call)                                                 \
  do {                                                                                  \
    const cudaError_t satlab_status_ = (call);                                          \
    if (satlab_status_ != cudaSuccess)                                                  \
      ::satlab::report_cuda_error(satlab_status_, #call, __FILE__, __LINE__);           \
  } while (0)
