// See launch.h.
#include "launch/launch.h"

#include <cuda_runtime_api.h>

#include "sat/support/cuda_check.h"

namespace sat::detail {

void check_launch(const char* kernel) { check_cuda(cudaGetLastError(), kernel); }

}  // namespace sat::detail
