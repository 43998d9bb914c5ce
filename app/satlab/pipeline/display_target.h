// Where a pipeline puts a picture for display: an RGBA8 image that CUDA kernels always write
// through a surface object (instant-ngp's SurfaceProvider), whether or not the surface is the GL
// texture itself, or that the host uploads (the CPU backend). The GL texture that implements it
// lives in display/interop_texture.h; pipelines know nothing of GL.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "sat/filters.h"

namespace satlab {

// How a target's pixels reach GL (DisplayTarget::display_path), as the panels and the run summary
// print them.
inline constexpr const char* kDisplayInterop = "CUDA-GL interop";  // CUDA writes the GL texture's array
// CUDA writes an array of the target's own; a copy to page-locked host memory in the writer's
// stream, uploaded into the GL texture when GL needs it (no CUDA-GL interop).
inline constexpr const char* kDisplaySurfaceUpload = "CUDA surface + host upload";
inline constexpr const char* kDisplayHostUpload = "host upload";  // host pixels uploaded (CPU backend)

class DisplayTarget {
 public:
  virtual ~DisplayTarget() = default;

  // Makes the target width×height (no-op when it already is). Not while a CUDA write is open.
  virtual void resize(int width, int height) = 0;

  // Opens a CUDA write in `stream`: the returned surface takes uchar4 RGBA at byte x = 4·column,
  // row y, until end_cuda_write(stream). Always a surface, with or without CUDA-GL interop; the
  // writer does not wait for its writes, nor for what the target does with them. Throws sat::Error
  // on a CUDA failure (no write is open then).
  virtual cudaSurfaceObject_t begin_cuda_write(cudaStream_t stream) = 0;
  // Closes the write opened by begin_cuda_write (in stream order). Does not throw.
  virtual void end_cuda_write(cudaStream_t stream) noexcept = 0;

  // Copies host RGBA8 rows (4 channels, the target's width) into the target's rows from `y`
  // on (the CPU backend, a band of rows at a time: no copy of the whole frame on the host).
  virtual void upload_host(int y, sat::ConstImage8 rgba) = 0;
  // Makes the target the size of the host gray image (1 channel) and shows it as gray (R = G = B,
  // opaque), kept at one byte per pixel where it can (InteropTexture: an R8 texture). The next
  // resize() gives it RGBA8 storage again.
  virtual void upload_host_gray(sat::ConstImage8 gray) = 0;

  // How the pixels of the last write reach GL: kDisplayInterop, kDisplaySurfaceUpload or
  // kDisplayHostUpload; "" before the first write.
  virtual const char* display_path() const = 0;
};

// Closes a CUDA write on every path out of a scope (exceptions included).
class ScopedCudaWrite {
 public:
  ScopedCudaWrite(DisplayTarget& target, cudaStream_t stream)
      : target_(target), stream_(stream), surface_(target.begin_cuda_write(stream)) {}
  ~ScopedCudaWrite() { target_.end_cuda_write(stream_); }
  ScopedCudaWrite(const ScopedCudaWrite&) = delete;
  ScopedCudaWrite& operator=(const ScopedCudaWrite&) = delete;
  cudaSurfaceObject_t surface() const { return surface_; }

 private:
  DisplayTarget& target_;
  cudaStream_t stream_;
  cudaSurfaceObject_t surface_;
};

}  // namespace satlab
