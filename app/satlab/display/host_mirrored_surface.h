// The CUDA side of a display texture without CUDA-GL interop: an RGBA8 CUDA array that kernels
// write through a surface object, exactly as they write a mapped GL texture, and a page-locked host
// copy of it, made after every write in the writer's stream. Whoever shows the pixels
// (InteropTexture: glTexSubImage2D) takes them when it needs them and waits for that copy only
// then; the writer never waits. No GL here.
//
// In stream order, without host waits while writing:
//   begin_write(s)  s waits for the last copy's event (a write from another stream must not
//                   change the array under a copy still queued); returns the surface
//   end_write(s)    array → pinned copy queued in s after the writes, its event recorded
//   take_pixels()   the host waits for that event; the pixels of the last write, once
// Nothing a queued write or copy may use (array, surface, pinned buffer) is freed before the last
// copy's event completed: the destructor and the move-assignment wait for it.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>
#include <optional>

#include "common/cuda/cuda_array.h"
#include "common/cuda/pinned_image.h"
#include "sat/support/cuda_event.h"

namespace satlab {

class HostMirroredSurface {
 public:
  HostMirroredSurface() = default;             // empty: no CUDA call, not even on destruction
  HostMirroredSurface(int width, int height);  // throws sat::Error
  ~HostMirroredSurface();
  HostMirroredSurface(HostMirroredSurface&& other) noexcept;
  HostMirroredSurface& operator=(HostMirroredSurface&& other) noexcept;
  HostMirroredSurface(const HostMirroredSurface&) = delete;
  HostMirroredSurface& operator=(const HostMirroredSurface&) = delete;

  int width() const { return array_.width(); }
  int height() const { return array_.height(); }
  bool empty() const { return array_.empty(); }

  // The surface for a write in `stream`: uchar4 RGBA at byte x = 4·column, row y. Throws sat::Error.
  cudaSurfaceObject_t begin_write(cudaStream_t stream);
  // Queues the copy of the array into host memory after the writes queued in `stream`. A failure
  // is reported (stderr) and leaves no new pixels; the next CUDA call of the writer throws it.
  void end_write(cudaStream_t stream) noexcept;

  // Whether a write's copy was queued that take_pixels has not returned yet.
  bool has_new_pixels() const { return new_pixels_; }
  // Waits for the last write's copy and returns its pixels (rows pitch() bytes apart), or nullptr
  // when there is none since the last call (or the wait failed: reported, as in end_write). Valid
  // until the next end_write, move or destruction.
  const uint8_t* take_pixels() noexcept;
  // Forgets the pixels not taken yet (e.g. newer pixels reached the display another way).
  void discard_pixels() noexcept { new_pixels_ = false; }
  std::size_t pitch() const { return std::size_t(width()) * 4; }

 private:
  void wait_for_copy() noexcept;  // the last copy (and the writes before it) finished on the GPU

  satapp::CudaArray array_;  // freed after the surface over it
  satapp::CudaSurface surface_;
  satapp::PinnedImage host_;              // width×height RGBA, rows packed
  std::optional<sat::CudaEvent> copied_;  // recorded after every copy, in the writer's stream
  bool copy_queued_ = false;              // copied_ recorded and not waited for
  bool new_pixels_ = false;
};

}  // namespace satlab
