#include "sat/error.h"

#include <cuda_runtime_api.h>

#include "dispatch/launch.h"
#include "sat/device.h"

namespace sat {

const char* to_string(ErrorCode code) {
  switch (code) {
    case ErrorCode::InvalidArgument: return "invalid argument";
    case ErrorCode::Unsupported: return "unsupported";
    case ErrorCode::WorkspaceTooSmall: return "workspace too small";
    case ErrorCode::OutOfMemory: return "out of memory";
    case ErrorCode::CudaError: return "CUDA error";
  }
  return "unknown";
}

Error::Error(ErrorCode code, std::string call, const std::string& message)
    : std::runtime_error(call + ": " + message), code_(code), call_(std::move(call)) {}

namespace detail {

void check_cuda(cudaError_t status, const char* call) {
  if (status == cudaSuccess) return;
  const ErrorCode code = status == cudaErrorMemoryAllocation ? ErrorCode::OutOfMemory : ErrorCode::CudaError;
  // No driver or no GPU reads as such (sat/device.h), not as the runtime's "driver insufficient".
  throw Error(code, call, describe_cuda_error(status));
}

void check_launch(const char* kernel) { check_cuda(cudaGetLastError(), kernel); }

}  // namespace detail
}  // namespace sat
