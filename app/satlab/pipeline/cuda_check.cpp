#include "pipeline/cuda_check.h"

#include <cstdio>
#include <filesystem>
#include <string>

#include "sat/error.h"

namespace satlab {

namespace {
std::string describe(cudaError_t status, const char* file, int line) {
  return std::filesystem::path(file).filename().string() + ":" + std::to_string(line) + ": " +
         cudaGetErrorName(status) + ": " + cudaGetErrorString(status);
}
}  // namespace

void throw_cuda_error(cudaError_t status, const char* call, const char* file, int line) {
  (void)cudaGetLastError();  // clear a non-sticky error so that later calls report their own
  const sat::ErrorCode code =
      status == cudaErrorMemoryAllocation ? sat::ErrorCode::OutOfMemory : sat::ErrorCode::CudaError;
  throw sat::Error(code, call, describe(status, file, line));
}

void report_cuda_error(cudaError_t status, const char* call, const char* file, int line) noexcept {
  (void)cudaGetLastError();
  std::fprintf(stderr, "satlab: warning: %s failed: %s\n", call, describe(status, file, line).c_str());
}

}  // namespace satlab
