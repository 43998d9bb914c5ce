// The programs' CUDA checks: SAT_CUDA_CHECK (sat/support/cuda_check.h), which throws sat::Error,
// and for destructors and clean-up paths that must not throw, SATAPP_CUDA_CHECK_NOTHROW, which
// prints a warning naming the call, file and line instead.
#pragma once

#include <cuda_runtime_api.h>

#include "sat/support/cuda_check.h"

namespace satapp {

// Prints "<program>: warning: <call> failed: <file>:<line>: <error name>: <text>" on stderr and
// clears the runtime's record of a non-sticky error.
void report_cuda_error(cudaError_t status, const char* call, const char* file, int line) noexcept;

}  // namespace satapp

#define SATAPP_CUDA_CHECK_NOTHROW(call)                                                                        \
  do {                                                                                                         \
    const cudaError_t satapp_status_ = (call);                                                                 \
    if (satapp_status_ != cudaSuccess) ::satapp::report_cuda_error(satapp_status_, #call, __FILE__, __LINE__); \
  } while (0)
