// The owners of sat/support: the CUDA check, the hang mark, the memory kinds, the event, the
// stream and pitched memory.
#include <cuda_runtime_api.h>

#include <atomic>
#include <string>
#include <utility>

#include "sat/device.h"
#include "sat/error.h"
#include "sat/support/buffers.h"
#include "sat/support/cuda_check.h"
#include "sat/support/cuda_event.h"
#include "sat/support/cuda_stream.h"
#include "sat/support/device_hang.h"
#include "sat/support/pitched_buffer.h"

namespace sat {

void throw_cuda_error(cudaError_t status, const std::string& call) {
  (void)cudaGetLastError();  // a non-sticky error must not fail the next call
  const ErrorCode code = status == cudaErrorMemoryAllocation ? ErrorCode::OutOfMemory : ErrorCode::CudaError;
  // No driver or no GPU reads as such (sat/device.h), not as the runtime's "driver insufficient".
  throw Error(code, call, describe_cuda_error(status), int(status));
}

namespace {

std::atomic<bool> hung{false};

using Allocate = cudaError_t (*)(void**, std::size_t);
using Free = cudaError_t (*)(void*);

void* allocate_with(Allocate allocate, const char* name, std::size_t bytes) {
  void* memory = nullptr;
  const cudaError_t status = allocate(&memory, bytes);
  if (status != cudaSuccess) throw_cuda_error(status, std::string(name) + "(" + std::to_string(bytes) + " bytes)");
  return memory;
}

// A destructor cannot throw and the owner is gone: the status is dropped (and cleared, so the
// next call reports its own).
void release_with(Free release, void* memory) noexcept {
  if (!memory || device_hung()) return;
  if (release(memory) != cudaSuccess) (void)cudaGetLastError();
}

}  // namespace

void mark_device_hung() noexcept { hung = true; }
bool device_hung() noexcept { return hung; }

void* DeviceMemory::allocate(std::size_t bytes) { return allocate_with(cudaMalloc, "cudaMalloc", bytes); }
void DeviceMemory::release(void* memory) noexcept { release_with(cudaFree, memory); }

void* PinnedMemory::allocate(std::size_t bytes) { return allocate_with(cudaMallocHost, "cudaMallocHost", bytes); }
void PinnedMemory::release(void* memory) noexcept { release_with(cudaFreeHost, memory); }

CudaEvent::CudaEvent(unsigned flags) {
  cudaEvent_t event = nullptr;
  SAT_CUDA_CHECK(cudaEventCreateWithFlags(&event, flags));
  event_.reset(event);
}

void CudaEvent::Destroy::operator()(cudaEvent_t event) const noexcept {
  if (!device_hung() && cudaEventDestroy(event) != cudaSuccess) (void)cudaGetLastError();
}

CudaStream::CudaStream() {
  cudaStream_t stream = nullptr;
  SAT_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  stream_.reset(stream);
}

void CudaStream::Destroy::operator()(cudaStream_t stream) const noexcept {
  if (!device_hung() && cudaStreamDestroy(stream) != cudaSuccess) (void)cudaGetLastError();
}

PitchedBuffer::PitchedBuffer(std::size_t row_bytes, std::size_t rows) {
  void* memory = nullptr;
  std::size_t pitch = 0;
  const cudaError_t status = cudaMallocPitch(&memory, &pitch, row_bytes, rows);
  if (status != cudaSuccess)
    throw_cuda_error(status,
                     "cudaMallocPitch(" + std::to_string(rows) + " rows of " + std::to_string(row_bytes) + " bytes)");
  memory_.reset(static_cast<unsigned char*>(memory));
  pitch_ = pitch;
  row_bytes_ = row_bytes;
  rows_ = rows;
}

PitchedBuffer::PitchedBuffer(PitchedBuffer&& other) noexcept
    : memory_(std::move(other.memory_)),
      pitch_(std::exchange(other.pitch_, 0)),
      row_bytes_(std::exchange(other.row_bytes_, 0)),
      rows_(std::exchange(other.rows_, 0)) {}

PitchedBuffer& PitchedBuffer::operator=(PitchedBuffer&& other) noexcept {
  memory_ = std::move(other.memory_);
  pitch_ = std::exchange(other.pitch_, 0);
  row_bytes_ = std::exchange(other.row_bytes_, 0);
  rows_ = std::exchange(other.rows_, 0);
  return *this;
}

void PitchedBuffer::Free::operator()(unsigned char* memory) const noexcept { DeviceMemory::release(memory); }

}  // namespace sat
