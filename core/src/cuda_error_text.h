// sat::describe_cuda_error with the CUDA versions given rather than asked for, so that every case
// (no driver, a driver too old, another error) is testable on any machine.
#pragma once

#include <cuda_runtime_api.h>

#include <string>

namespace sat::detail {

// Versions as CUDA encodes them (1000 * major + 10 * minor); driver_version 0 = no driver
// installed, as cudaDriverGetVersion reports it.
std::string describe_cuda_error(cudaError_t status, int driver_version, int runtime_version);

}  // namespace sat::detail
