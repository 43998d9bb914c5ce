// RAII owners of CUDA and host memory; cuda_check.
#include "cuda_resources.h"

#include <atomic>
#include <cstdlib>
#include <new>
#include <utility>

namespace satbench {
namespace {
std::atomic<bool> hung{false};
}  // namespace

void mark_device_hung() { hung = true; }
bool device_hung() { return hung; }

CudaFailure::CudaFailure(cudaError_t status, const std::string& call)
    : std::runtime_error(call + " failed: " + cudaGetErrorName(status) + " (" + cudaGetErrorString(status) + ")"),
      status_(status) {}

void cuda_check(cudaError_t status, const char* call) {
  if (status == cudaSuccess) return;
  if (status == cudaErrorMemoryAllocation) cudaGetLastError();  // not sticky: clear it for the next call
  throw CudaFailure(status, call);
}

DeviceBuffer::DeviceBuffer(std::size_t bytes) : bytes_(bytes) {
  if (bytes == 0) return;
  const cudaError_t status = cudaMalloc(&ptr_, bytes);
  if (status != cudaSuccess) {
    ptr_ = nullptr;
    cuda_check(status, ("cudaMalloc(" + std::to_string(bytes) + " bytes)").c_str());
  }
}

DeviceBuffer::~DeviceBuffer() {
  if (ptr_ && !device_hung()) cudaFree(ptr_);  // no throw from a destructor
}

DeviceBuffer::DeviceBuffer(DeviceBuffer&& other) noexcept
    : ptr_(std::exchange(other.ptr_, nullptr)), bytes_(std::exchange(other.bytes_, 0)) {}

DeviceBuffer& DeviceBuffer::operator=(DeviceBuffer&& other) noexcept {
  if (this != &other) {
    if (ptr_ && !device_hung()) cudaFree(ptr_);
    ptr_ = std::exchange(other.ptr_, nullptr);
    bytes_ = std::exchange(other.bytes_, 0);
  }
  return *this;
}

HostBuffer::HostBuffer(std::size_t bytes, bool pinned) : bytes_(bytes) {
  if (bytes == 0) return;
  if (pinned && cudaMallocHost(&ptr_, bytes) == cudaSuccess) {
    pinned_ = true;
    return;
  }
  cudaGetLastError();  // a refused pinned allocation is not an error here: fall back to plain memory
  ptr_ = std::aligned_alloc(64, (bytes + 63) / 64 * 64);
  if (!ptr_) throw std::bad_alloc();
}

void HostBuffer::release() noexcept {
  if (!ptr_) return;
  if (!pinned_)
    std::free(ptr_);
  else if (!device_hung())
    cudaFreeHost(ptr_);
  ptr_ = nullptr;
}

HostBuffer::~HostBuffer() { release(); }

HostBuffer::HostBuffer(HostBuffer&& other) noexcept
    : ptr_(std::exchange(other.ptr_, nullptr)),
      bytes_(std::exchange(other.bytes_, 0)),
      pinned_(std::exchange(other.pinned_, false)) {}

HostBuffer& HostBuffer::operator=(HostBuffer&& other) noexcept {
  if (this != &other) {
    release();
    ptr_ = std::exchange(other.ptr_, nullptr);
    bytes_ = std::exchange(other.bytes_, 0);
    pinned_ = std::exchange(other.pinned_, false);
  }
  return *this;
}

CudaStream::CudaStream() { SATBENCH_CUDA(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking)); }

CudaStream::~CudaStream() {
  if (stream_ && !device_hung()) cudaStreamDestroy(stream_);
}

}  // namespace satbench
