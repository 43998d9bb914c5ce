#include "common/cuda/cuda_check.h"

#include <errno.h>  // program_invocation_short_name (glibc)

#include <cstdio>
#include <filesystem>

namespace satapp {

namespace {

std::string describe(cudaError_t status, const char* file, int line) {
  return std::filesystem::path(file).filename().string() + ":" + std::to_string(line) + ": " +
         cudaGetErrorName(status) + ": " + cudaGetErrorString(status);
}

sat::ErrorCode code_of(cudaError_t status) {
  return status == cudaErrorMemoryAllocation ? sat::ErrorCode::OutOfMemory : sat::ErrorCode::CudaError;
}

}  // namespace

CudaError::CudaError(cudaError_t status, const std::string& call, const char* file, int line)
    : sat::Error(code_of(status), call, describe(status, file, line)), status_(status) {}

void throw_cuda_error(cudaError_t status, const std::string& call, const char* file, int line) {
  (void)cudaGetLastError();  // a non-sticky error (e.g. a refused allocation) must not fail the next call
  throw CudaError(status, call, file, line);
}

void report_cuda_error(cudaError_t status, const char* call, const char* file, int line) noexcept {
  (void)cudaGetLastError();
  std::fprintf(stderr, "%s: warning: %s failed: %s\n", program_invocation_short_name, call,
               describe(status, file, line).c_str());
}

}  // namespace satapp
