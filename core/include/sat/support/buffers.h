// Owning arrays of CUDA memory, freed on destruction. Move-only, so that each allocation has one
// owner (a copy would free it twice).
//
//   sat::DeviceArray<float> d(n);        // cudaMalloc(n * sizeof(float))
//   sat::PinnedArray<Box> h(n);          // cudaMallocHost
//   sat::DeviceBuffer bytes(size);       // DeviceArray<unsigned char>
//
// Construction throws sat::Error (ErrorCode::OutOfMemory when the memory cannot be had); a count
// of 0 allocates nothing. Elements are uninitialised.
#pragma once

#include <cstddef>
#include <memory>
#include <utility>

#include "sat/support/cuda_memory.h"

namespace sat {

template <class T, class Memory>
class LinearArray {
 public:
  LinearArray() = default;
  explicit LinearArray(std::size_t count)
      : memory_(count ? static_cast<T*>(Memory::allocate(count * sizeof(T))) : nullptr), count_(count) {}
  LinearArray(LinearArray&& other) noexcept
      : memory_(std::move(other.memory_)), count_(std::exchange(other.count_, 0)) {}
  LinearArray& operator=(LinearArray&& other) noexcept {
    memory_ = std::move(other.memory_);
    count_ = std::exchange(other.count_, 0);
    return *this;
  }

  T* data() const { return memory_.get(); }
  std::size_t size() const { return count_; }  // elements
  std::size_t bytes() const { return count_ * sizeof(T); }
  bool empty() const { return !memory_; }

 private:
  struct Release {
    void operator()(T* memory) const noexcept { Memory::release(memory); }
  };
  std::unique_ptr<T, Release> memory_;
  std::size_t count_ = 0;
};

template <class T>
using DeviceArray = LinearArray<T, DeviceMemory>;
template <class T>
using PinnedArray = LinearArray<T, PinnedMemory>;
using DeviceBuffer = DeviceArray<unsigned char>;
using PinnedBuffer = PinnedArray<unsigned char>;

}  // namespace sat
