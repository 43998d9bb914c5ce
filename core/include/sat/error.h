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

class Error : public std::runtime_error {
 public:
  Error(ErrorCode code, std::string call, const std::string& message);
  ErrorCode code() const noexcept { return code_; }
  // The public entry point (or CUDA call) that failed, e.g. "sat::compute".
  const std::string& call() const noexcept { return call_; }

 private:
  ErrorCode code_;
  std::string call_;
};

}  // namespace sat
