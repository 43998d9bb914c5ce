#include "pipeline/cuda_buffers.h"

#include <utility>

#include "pipeline/cuda_check.h"

namespace satlab {

CudaStream::CudaStream() { SATLAB_CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking)); }
CudaStream::~CudaStream() {
  if (stream_) SATLAB_CUDA_CHECK_NOTHROW(cudaStreamDestroy(stream_));
}
CudaStream::CudaStream(CudaStream&& other) noexcept : stream_(std::exchange(other.stream_, nullptr)) {}
CudaStream& CudaStream::operator=(CudaStream&& other) noexcept {
  std::swap(stream_, other.stream_);
  return *this;
}

CudaEvent::CudaEvent() { SATLAB_CUDA_CHECK(cudaEventCreate(&event_)); }
CudaEvent::~CudaEvent() {
  if (event_) SATLAB_CUDA_CHECK_NOTHROW(cudaEventDestroy(event_));
}
CudaEvent::CudaEvent(CudaEvent&& other) noexcept : event_(std::exchange(other.event_, nullptr)) {}
CudaEvent& CudaEvent::operator=(CudaEvent&& other) noexcept {
  std::swap(event_, other.event_);
  return *this;
}

DeviceImage::DeviceImage(int width, int height, int channels) : width_(width), height_(height), channels_(channels) {
  void* data = nullptr;
  SATLAB_CUDA_CHECK(cudaMallocPitch(&data, &pitch_, static_cast<std::size_t>(width) * channels, height));
  data_ = static_cast<uint8_t*>(data);
}
DeviceImage::~DeviceImage() {
  if (data_) SATLAB_CUDA_CHECK_NOTHROW(cudaFree(data_));
}
DeviceImage::DeviceImage(DeviceImage&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)),
      pitch_(other.pitch_),
      width_(other.width_),
      height_(other.height_),
      channels_(other.channels_) {}
DeviceImage& DeviceImage::operator=(DeviceImage&& other) noexcept {
  std::swap(data_, other.data_);
  std::swap(pitch_, other.pitch_);
  std::swap(width_, other.width_);
  std::swap(height_, other.height_);
  std::swap(channels_, other.channels_);
  return *this;
}

PinnedImage::PinnedImage(int width, int height, int channels) : width_(width), height_(height), channels_(channels) {
  void* data = nullptr;
  SATLAB_CUDA_CHECK(cudaMallocHost(&data, static_cast<std::size_t>(width) * height * channels));
  data_ = static_cast<uint8_t*>(data);
}
PinnedImage::~PinnedImage() {
  if (data_) SATLAB_CUDA_CHECK_NOTHROW(cudaFreeHost(data_));
}
PinnedImage::PinnedImage(PinnedImage&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)),
      width_(other.width_),
      height_(other.height_),
      channels_(other.channels_) {}
PinnedImage& PinnedImage::operator=(PinnedImage&& other) noexcept {
  std::swap(data_, other.data_);
  std::swap(width_, other.width_);
  std::swap(height_, other.height_);
  std::swap(channels_, other.channels_);
  return *this;
}

}  // namespace satlab
