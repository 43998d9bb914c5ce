#include "common/cuda/cuda_memory.h"

#include <cuda_runtime_api.h>

#include <string>

#include "common/cuda/cuda_check.h"
#include "common/cuda/device_hang.h"

namespace satapp {

namespace {

using Allocate = cudaError_t (*)(void**, std::size_t);
using Free = cudaError_t (*)(void*);

unsigned char* allocate_with(Allocate allocate, const char* name, std::size_t bytes) {
  void* memory = nullptr;
  const cudaError_t status = allocate(&memory, bytes);
  if (status != cudaSuccess)
    throw_cuda_error(status, std::string(name) + "(" + std::to_string(bytes) + " bytes)", __FILE__, __LINE__);
  return static_cast<unsigned char*>(memory);
}

void release_with(Free release, const char* name, unsigned char* memory) noexcept {
  if (device_hung()) return;
  const cudaError_t status = release(memory);
  if (status != cudaSuccess) report_cuda_error(status, name, __FILE__, __LINE__);
}

}  // namespace

unsigned char* DeviceMemory::allocate(std::size_t bytes) { return allocate_with(cudaMalloc, "cudaMalloc", bytes); }
void DeviceMemory::release(unsigned char* memory) noexcept { release_with(cudaFree, "cudaFree", memory); }

unsigned char* PinnedMemory::allocate(std::size_t bytes) {
  return allocate_with(cudaMallocHost, "cudaMallocHost", bytes);
}
void PinnedMemory::release(unsigned char* memory) noexcept { release_with(cudaFreeHost, "cudaFreeHost", memory); }

}  // namespace satapp
