// The one CUDA error check of satcore and its programs.
//
//   sat::check_cuda(cudaMemsetAsync(p, 0, n, stream), "cudaMemsetAsync");
//   SAT_CUDA_CHECK(cudaStreamSynchronize(stream));  // names the call by its text
//
// A failure throws sat::Error naming the call: ErrorCode::OutOfMemory for a refused allocation,
// ErrorCode::CudaError otherwise, the cudaError_t in cuda_status(). The runtime's record of the
// error is cleared before the throw, so that a non-sticky error (a refused allocation, a bad
// argument) does not fail the next, unrelated call.
#pragma once

#include <cuda_runtime_api.h>

#include <string>

#include "sat/error.h"

namespace sat {

[[noreturn]] void throw_cuda_error(cudaError_t status, const std::string& call);

inline void check_cuda(cudaError_t status, const char* call) {
  if (status != cudaSuccess) throw_cuda_error(status, call);
}

}  // namespace sat

#define SAT_CUDA_CHECK(expr)                                                               \
  do {                                                                                     \
    const cudaError_t sat_cuda_status_ = (expr);                                           \
    if (sat_cuda_status_ != cudaSuccess) ::sat::throw_cuda_error(sat_cuda_status_, #expr); \
  } while (0)
