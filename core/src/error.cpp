#include "sat/error.h"

namespace sat {

const char* to_string(ErrorCode code) {
  switch (code) {
    case ErrorCode::InvalidArgument:
      return "invalid argument";
    case ErrorCode::Unsupported:
      return "unsupported";
    case ErrorCode::WorkspaceTooSmall:
      return "workspace too small";
    case ErrorCode::OutOfMemory:
      return "out of memory";
    case ErrorCode::CudaError:
      return "CUDA error";
  }
  return "unknown";
}

Error::Error(ErrorCode code, std::string call, std::string message, int cuda_status)
    : std::runtime_error(call + ": " + message),
      code_(code),
      call_(std::move(call)),
      message_(std::move(message)),
      cuda_status_(cuda_status) {}

}  // namespace sat
