// The kinds of CUDA memory a LinearBuffer can own: how each is allocated (throwing CudaError) and
// released (never throwing; nothing at all once the device is marked hung).
#pragma once

#include <cstddef>

namespace satapp {

struct DeviceMemory {  // cudaMalloc / cudaFree
  static unsigned char* allocate(std::size_t bytes);
  static void release(unsigned char* memory) noexcept;
};

struct PinnedMemory {  // cudaMallocHost / cudaFreeHost: page-locked host memory
  static unsigned char* allocate(std::size_t bytes);
  static void release(unsigned char* memory) noexcept;
};

}  // namespace satapp
