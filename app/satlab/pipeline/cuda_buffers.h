// RAII owners of the pipeline's CUDA resources: a stream, an event, a pitched device image and a
// pinned host image. Move-only; every allocation checked (sat::Error with the call).
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "sat/filters.h"

namespace satlab {

class CudaStream {
 public:
  CudaStream();  // non-blocking with respect to the legacy default stream
  ~CudaStream();
  CudaStream(CudaStream&& other) noexcept;
  CudaStream& operator=(CudaStream&& other) noexcept;
  CudaStream(const CudaStream&) = delete;
  CudaStream& operator=(const CudaStream&) = delete;
  cudaStream_t get() const { return stream_; }

 private:
  cudaStream_t stream_ = nullptr;
};

class CudaEvent {
 public:
  CudaEvent();  // with timing
  ~CudaEvent();
  CudaEvent(CudaEvent&& other) noexcept;
  CudaEvent& operator=(CudaEvent&& other) noexcept;
  CudaEvent(const CudaEvent&) = delete;
  CudaEvent& operator=(const CudaEvent&) = delete;
  cudaEvent_t get() const { return event_; }

 private:
  cudaEvent_t event_ = nullptr;
};

// width×height pixels of `channels` bytes, rows `pitch` bytes apart (cudaMallocPitch).
class DeviceImage {
 public:
  DeviceImage() = default;
  DeviceImage(int width, int height, int channels);
  ~DeviceImage();
  DeviceImage(DeviceImage&& other) noexcept;
  DeviceImage& operator=(DeviceImage&& other) noexcept;
  DeviceImage(const DeviceImage&) = delete;
  DeviceImage& operator=(const DeviceImage&) = delete;

  sat::Image8 view() const { return {data_, pitch_, width_, height_, channels_}; }
  bool empty() const { return data_ == nullptr; }

 private:
  uint8_t* data_ = nullptr;
  std::size_t pitch_ = 0;
  int width_ = 0, height_ = 0, channels_ = 0;
};

// Page-locked host image (cudaMallocHost), rows packed: pitch = width · channels.
class PinnedImage {
 public:
  PinnedImage() = default;
  PinnedImage(int width, int height, int channels);
  ~PinnedImage();
  PinnedImage(PinnedImage&& other) noexcept;
  PinnedImage& operator=(PinnedImage&& other) noexcept;
  PinnedImage(const PinnedImage&) = delete;
  PinnedImage& operator=(const PinnedImage&) = delete;

  sat::Image8 view() const { return {data_, static_cast<std::size_t>(width_) * channels_, width_, height_, channels_}; }
  bool empty() const { return data_ == nullptr; }

 private:
  uint8_t* data_ = nullptr;
  int width_ = 0, height_ = 0, channels_ = 0;
};

}  // namespace satlab
