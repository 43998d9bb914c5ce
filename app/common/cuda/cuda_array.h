// A 2D CUDA array (cudaMallocArray) and a surface object over one (cudaCreateSurfaceObject), each
// freed with its owner. Kernels write arrays through surfaces (surf2Dwrite, x in bytes) and read
// them through texture objects; copies reach them with cudaMemcpy2D{To,From}ArrayAsync. Move-only;
// empty when default-constructed (no CUDA call at all).
#pragma once

#include <cuda_runtime_api.h>

#include <memory>

namespace satapp {

class CudaArray {
 public:
  CudaArray() = default;
  // width×height elements of `format`; `flags` e.g. cudaArraySurfaceLoadStore for surface writes.
  // Throws sat::Error (ErrorCode::OutOfMemory when the memory cannot be had).
  CudaArray(const cudaChannelFormatDesc& format, int width, int height, unsigned flags = cudaArrayDefault);

  cudaArray_t get() const { return array_.get(); }
  int width() const { return width_; }
  int height() const { return height_; }
  bool empty() const { return !array_; }

 private:
  struct Free {
    void operator()(cudaArray_t array) const noexcept;
  };
  std::unique_ptr<cudaArray, Free> array_;
  int width_ = 0, height_ = 0;
};

// A surface object over an array the caller keeps alive for the surface's whole life (a CudaArray,
// or a GL texture's array while it is mapped). Destroying it does not wait for kernels that use it:
// whoever owns it waits for those first.
class CudaSurface {
 public:
  CudaSurface() = default;
  explicit CudaSurface(cudaArray_t array);  // throws sat::Error
  ~CudaSurface() { reset(); }
  CudaSurface(CudaSurface&& other) noexcept;
  CudaSurface& operator=(CudaSurface&& other) noexcept;
  CudaSurface(const CudaSurface&) = delete;
  CudaSurface& operator=(const CudaSurface&) = delete;

  cudaSurfaceObject_t get() const { return surface_; }
  cudaArray_t array() const { return array_; }  // the array it writes
  bool empty() const { return surface_ == 0; }
  void reset() noexcept;  // destroys the surface object (if any)

 private:
  cudaSurfaceObject_t surface_ = 0;
  cudaArray_t array_ = nullptr;
};

}  // namespace satapp
