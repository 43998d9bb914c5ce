#include "common/cuda/pitched_buffer.h"

#include <cuda_runtime_api.h>

#include <string>
#include <utility>

#include "common/cuda/cuda_check.h"
#include "common/cuda/cuda_memory.h"

namespace satapp {

void PitchedBuffer::Free::operator()(unsigned char* memory) const noexcept { DeviceMemory::release(memory); }

PitchedBuffer::PitchedBuffer(std::size_t row_bytes, std::size_t rows) {
  void* memory = nullptr;
  std::size_t pitch = 0;
  const cudaError_t status = cudaMallocPitch(&memory, &pitch, row_bytes, rows);
  if (status != cudaSuccess)
    throw_cuda_error(status,
                     "cudaMallocPitch(" + std::to_string(rows) + " rows of " + std::to_string(row_bytes) + " bytes)",
                     __FILE__, __LINE__);
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

}  // namespace satapp
