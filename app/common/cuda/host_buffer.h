// Host memory, 64-byte aligned, uninitialised: page-locked (a sat::PinnedBuffer) when asked for and the
// driver grants it, for fast transfers; plain memory otherwise (also without a CUDA device).
// Move-only.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <memory>

#include "sat/support/buffers.h"

namespace satapp {

class HostBuffer {
 public:
  HostBuffer() = default;
  // Throws std::bad_alloc when not even plain memory can be had.
  explicit HostBuffer(std::size_t bytes, bool pinned = false);

  unsigned char* data() const { return pinned_.empty() ? plain_.get() : pinned_.data(); }
  std::size_t size() const { return bytes_; }
  bool pinned() const { return !pinned_.empty(); }

 private:
  struct Free {
    void operator()(unsigned char* memory) const noexcept { std::free(memory); }
  };
  sat::PinnedBuffer pinned_;
  std::unique_ptr<unsigned char, Free> plain_;
  std::size_t bytes_ = 0;
};

}  // namespace satapp
