// Linear device memory (cudaMalloc), freed on destruction. Move-only.
#pragma once

#include "common/cuda/cuda_memory.h"
#include "common/cuda/linear_buffer.h"

namespace satapp {

using DeviceBuffer = LinearBuffer<DeviceMemory>;

}  // namespace satapp
