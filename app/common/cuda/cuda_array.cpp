#include "common/cuda/cuda_array.h"

#include <string>
#include <utility>

#include "common/cuda/cuda_check.h"
#include "sat/support/device_hang.h"

namespace satapp {

void CudaArray::Free::operator()(cudaArray_t array) const noexcept {
  if (!sat::device_hung()) SATAPP_CUDA_CHECK_NOTHROW(cudaFreeArray(array));
}

CudaArray::CudaArray(const cudaChannelFormatDesc& format, int width, int height, unsigned flags) {
  cudaArray_t array = nullptr;
  const cudaError_t status = cudaMallocArray(&array, &format, width, height, flags);
  if (status != cudaSuccess)
    sat::throw_cuda_error(status, "cudaMallocArray(" + std::to_string(width) + "x" + std::to_string(height) + ")");
  array_.reset(array);
  width_ = width;
  height_ = height;
}

CudaSurface::CudaSurface(cudaArray_t array) {
  cudaResourceDesc desc{};
  desc.resType = cudaResourceTypeArray;
  desc.res.array.array = array;
  SAT_CUDA_CHECK(cudaCreateSurfaceObject(&surface_, &desc));
  array_ = array;
}

CudaSurface::CudaSurface(CudaSurface&& other) noexcept
    : surface_(std::exchange(other.surface_, 0)), array_(std::exchange(other.array_, nullptr)) {}

CudaSurface& CudaSurface::operator=(CudaSurface&& other) noexcept {
  if (this != &other) {
    reset();
    surface_ = std::exchange(other.surface_, 0);
    array_ = std::exchange(other.array_, nullptr);
  }
  return *this;
}

void CudaSurface::reset() noexcept {
  if (surface_ && !sat::device_hung()) SATAPP_CUDA_CHECK_NOTHROW(cudaDestroySurfaceObject(surface_));
  surface_ = 0;
  array_ = nullptr;
}

}  // namespace satapp
