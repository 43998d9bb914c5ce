// An 8-bit image in device memory: width×height pixels of `channels` bytes, rows padded to the
// pitch cudaMallocPitch picks. Move-only; empty when default-constructed.
#pragma once

#include <cstddef>

#include "sat/filters.h"  // sat::Image8
#include "sat/support/pitched_buffer.h"

namespace satapp {

class DeviceImage {
 public:
  DeviceImage() = default;
  // Throws sat::Error (ErrorCode::OutOfMemory) when the memory cannot be had.
  DeviceImage(int width, int height, int channels)
      : memory_(std::size_t(width) * channels, std::size_t(height)),
        width_(width),
        height_(height),
        channels_(channels) {}

  sat::Image8 view() const { return {memory_.data(), memory_.pitch(), width_, height_, channels_}; }
  std::size_t row_bytes() const { return memory_.row_bytes(); }
  bool empty() const { return memory_.empty(); }

 private:
  sat::PitchedBuffer memory_;
  int width_ = 0, height_ = 0, channels_ = 0;
};

}  // namespace satapp
