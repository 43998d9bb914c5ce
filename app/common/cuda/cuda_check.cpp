#include "common/cuda/cuda_check.h"

#include <errno.h>  // program_invocation_short_name (glibc)

#include <cstdio>
#include <filesystem>
#include <string>

namespace satapp {

void report_cuda_error(cudaError_t status, const char* call, const char* file, int line) noexcept {
  (void)cudaGetLastError();
  std::fprintf(stderr, "%s: warning: %s failed: %s:%d: %s: %s\n", program_invocation_short_name, call,
               std::filesystem::path(file).filename().c_str(), line, cudaGetErrorName(status),
               cudaGetErrorString(status));
}

}  // namespace satapp
