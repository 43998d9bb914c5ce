// Where a pipeline puts a picture for display: an RGBA8 image it can write from CUDA (a surface
// object, as instant-ngp's SurfaceProvider) or upload from the host. The GL texture that
// implements it lives in display/interop_texture.h; pipelines know nothing of GL.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>
#include <optional>

namespace satlab {

class DisplayTarget {
 public:
  virtual ~DisplayTarget() = default;

  // Makes the target width×height (no-op when it already is). Not while a CUDA write is open.
  virtual void resize(int width, int height) = 0;

  // Opens a CUDA write in `stream`: the returned surface takes uchar4 RGBA at byte x = 4·column,
  // row y, until end_cuda_write(stream). nullopt when CUDA-GL interop is unavailable (then use
  // upload_host). Throws sat::Error on a CUDA failure.
  virtual std::optional<cudaSurfaceObject_t> begin_cuda_write(cudaStream_t stream) = 0;
  // Closes the write opened by begin_cuda_write (in stream order). Does not throw.
  virtual void end_cuda_write(cudaStream_t stream) noexcept = 0;

  // Copies a host RGBA8 image of the target's size, rows `pitch` bytes apart.
  virtual void upload_host(const uint8_t* rgba, std::size_t pitch) = 0;
};

// Closes a CUDA write on every path out of a scope (exceptions included).
class ScopedCudaWrite {
 public:
  ScopedCudaWrite(DisplayTarget& target, cudaStream_t stream)
      : target_(target), stream_(stream), surface_(target.begin_cuda_write(stream)) {}
  ~ScopedCudaWrite() {
    if (surface_) target_.end_cuda_write(stream_);
  }
  ScopedCudaWrite(const ScopedCudaWrite&) = delete;
  ScopedCudaWrite& operator=(const ScopedCudaWrite&) = delete;
  const std::optional<cudaSurfaceObject_t>& surface() const { return surface_; }

 private:
  DisplayTarget& target_;
  cudaStream_t stream_;
  std::optional<cudaSurfaceObject_t> surface_;
};

}  // namespace satlab
