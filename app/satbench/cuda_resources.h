// RAII owners of the CUDA and host memory satbench uses, and the one check for CUDA calls.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <stdexcept>
#include <string>

namespace satbench {

// A failed CUDA runtime call; what() names the call and the error.
class CudaFailure : public std::runtime_error {
 public:
  CudaFailure(cudaError_t status, const std::string& call);
  cudaError_t status() const noexcept { return status_; }
  bool out_of_memory() const noexcept { return status_ == cudaErrorMemoryAllocation; }

 private:
  cudaError_t status_;
};

// After a GPU hang, cudaFree/cudaFreeHost (which synchronize) would wait for the hung work forever:
// once this is marked, the owners below leak instead of freeing, and the program exits soon after.
void mark_device_hung();
bool device_hung();

// Throws CudaFailure unless status is cudaSuccess. `call` is the call as text.
void cuda_check(cudaError_t status, const char* call);
#define SATBENCH_CUDA(call) ::satbench::cuda_check((call), #call)

// Device memory from cudaMalloc. Throws CudaFailure (out_of_memory()) when it cannot be had.
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(std::size_t bytes);
  ~DeviceBuffer();
  DeviceBuffer(DeviceBuffer&& other) noexcept;
  DeviceBuffer& operator=(DeviceBuffer&& other) noexcept;
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  unsigned char* data() const { return static_cast<unsigned char*>(ptr_); }
  std::size_t size() const { return bytes_; }

 private:
  void* ptr_ = nullptr;
  std::size_t bytes_ = 0;
};

// Host memory, 64-byte aligned, uninitialised. Page-locked (cudaMallocHost) when `pinned` and the
// driver grants it, for fast downloads; plain memory otherwise. Throws std::bad_alloc.
class HostBuffer {
 public:
  HostBuffer() = default;
  explicit HostBuffer(std::size_t bytes, bool pinned = false);
  ~HostBuffer();
  HostBuffer(HostBuffer&& other) noexcept;
  HostBuffer& operator=(HostBuffer&& other) noexcept;
  HostBuffer(const HostBuffer&) = delete;
  HostBuffer& operator=(const HostBuffer&) = delete;

  unsigned char* data() const { return static_cast<unsigned char*>(ptr_); }
  std::size_t size() const { return bytes_; }
  bool pinned() const { return pinned_; }

 private:
  void release() noexcept;
  void* ptr_ = nullptr;
  std::size_t bytes_ = 0;
  bool pinned_ = false;
};

// A non-blocking CUDA stream.
class CudaStream {
 public:
  CudaStream();
  ~CudaStream();
  CudaStream(const CudaStream&) = delete;
  CudaStream& operator=(const CudaStream&) = delete;
  cudaStream_t get() const { return stream_; }

 private:
  cudaStream_t stream_ = nullptr;
};

}  // namespace satbench
