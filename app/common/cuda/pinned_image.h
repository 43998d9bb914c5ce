// A page-locked 8-bit image (sat::PinnedBuffer): asynchronous copies to and from it overlap with
// other work. Move-only.
#pragma once

#include <cstddef>

#include "sat/filters.h"  // sat::Image8
#include "sat/support/buffers.h"

namespace satapp {

// A page-locked 8-bit image, rows packed (pitch = width · channels).
class PinnedImage {
 public:
  PinnedImage() = default;
  PinnedImage(int width, int height, int channels)
      : memory_(std::size_t(width) * height * channels), width_(width), height_(height), channels_(channels) {}

  sat::Image8 view() const { return {memory_.data(), std::size_t(width_) * channels_, width_, height_, channels_}; }
  bool empty() const { return memory_.empty(); }

 private:
  sat::PinnedBuffer memory_;
  int width_ = 0, height_ = 0, channels_ = 0;
};

}  // namespace satapp
