// The kinds of CUDA memory a LinearArray (buffers.h) owns: how each is allocated and released.
// allocate() throws sat::Error (OutOfMemory when the memory cannot be had) naming the call and the
// bytes; release() never throws and does nothing once the device is marked hung (device_hang.h).
#pragma once

#include <cstddef>

namespace sat {

struct DeviceMemory {  // cudaMalloc / cudaFree: linear device memory
  static void* allocate(std::size_t bytes);
  static void release(void* memory) noexcept;
};

// cudaMallocHost / cudaFreeHost: page-locked host memory. Asynchronous copies to and from it
// overlap other work, and with unified addressing (every 64-bit process) kernels read and write
// it through the host pointer itself.
struct PinnedMemory {
  static void* allocate(std::size_t bytes);
  static void release(void* memory) noexcept;
};

}  // namespace sat
