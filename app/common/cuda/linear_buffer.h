// A linear allocation of one kind of CUDA memory, freed on destruction. Move-only. `Memory` says
// which kind: DeviceMemory (device_buffer.h) or PinnedMemory (pinned_buffer.h), each with
//   static unsigned char* allocate(std::size_t bytes);  // throws CudaError
//   static void release(unsigned char* memory) noexcept;
#pragma once

#include <cstddef>
#include <memory>
#include <utility>

namespace satapp {

template <class Memory>
class LinearBuffer {
 public:
  LinearBuffer() = default;
  // Throws CudaError (out_of_memory()) when the memory cannot be had. 0 bytes: no allocation.
  explicit LinearBuffer(std::size_t bytes) : memory_(bytes ? Memory::allocate(bytes) : nullptr), bytes_(bytes) {}
  LinearBuffer(LinearBuffer&& other) noexcept
      : memory_(std::move(other.memory_)), bytes_(std::exchange(other.bytes_, 0)) {}
  LinearBuffer& operator=(LinearBuffer&& other) noexcept {
    memory_ = std::move(other.memory_);
    bytes_ = std::exchange(other.bytes_, 0);
    return *this;
  }

  unsigned char* data() const { return memory_.get(); }
  std::size_t size() const { return bytes_; }
  bool empty() const { return !memory_; }

 private:
  struct Release {
    void operator()(unsigned char* memory) const noexcept { Memory::release(memory); }
  };
  std::unique_ptr<unsigned char, Release> memory_;
  std::size_t bytes_ = 0;
};

}  // namespace satapp
