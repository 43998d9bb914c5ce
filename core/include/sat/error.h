// sat::Error — the one exception type of satcore.
//
// Every invalid argument is reported before anything is launched; every CUDA failure after a
// launch is reported with the call that failed. `what()` reads like
//   "sat::compute: width must be >= 1 (got 0)".
#pragma once

#include <stdexcept>
#include <string>

namespace sat {

enum class ErrorCode {
  InvalidArgument,    // a size, pointer or pitch that cannot describe an image
  Unsupported,        // a valid request this algorithm/type/tile combination does not offer
  WorkspaceTooSmall,  // caller-given workspace smaller than workspace_size() asked for
  OutOfMemory,        // a device or pinned allocation failed
  CudaError,          // a CUDA runtime call or kernel launch failed
};

const char* to_string(ErrorCode code);

// Its parts are fields, so that no layer takes `what()` apart: code(), call() and message(), and
// for a failed CUDA runtime call the cudaError_t it returned (cuda_status(), 0 otherwise).
class Error : public std::runtime_error {
 public:
  Error(ErrorCode code, std::string call, std::string message, int cuda_status = 0);
  ErrorCode code() const noexcept { return code_; }
  // The public entry point (or CUDA call) that failed, e.g. "sat::compute".
  const std::string& call() const noexcept { return call_; }
  // What went wrong, without the call: "width must be >= 1 (got 0)".
  const std::string& message() const noexcept { return message_; }
  // The cudaError_t of a failed CUDA runtime call (ErrorCode::CudaError or OutOfMemory); 0 else.
  int cuda_status() const noexcept { return cuda_status_; }

 private:
  ErrorCode code_;
  std::string call_;
  std::string message_;
  int cuda_status_;
};

}  // namespace sat
