// An RGBA8 GL texture that CUDA writes through a registered graphics resource, or that takes
// host uploads when registration is impossible (GL context not on the CUDA device, e.g. Mesa;
// the CPU backend; --no-interop). Owns the texture and the registration (instant-ngp's
// render_buffer in spirit): the resource is mapped and unmapped around every CUDA write, in the
// writer's stream, never left mapped while GL draws. The writer does not wait for its writes
// (frames in flight): the surface object is kept while the mapping gives the same array, and
// nothing a write may still use (surface, registration) is released before the write's event
// completed. Needs the GL context current for its whole life; CUDA is touched only when a CUDA
// write is asked for.
#pragma once

#include <GL/glew.h>

#include <string>

#include "display/gl_handle.h"
#include "pipeline/display_target.h"

struct cudaGraphicsResource;

namespace satlab {

class InteropTexture final : public DisplayTarget {
 public:
  explicit InteropTexture(bool allow_interop);
  ~InteropTexture() override;
  InteropTexture(InteropTexture&& other) noexcept;
  InteropTexture& operator=(InteropTexture&& other) noexcept;
  InteropTexture(const InteropTexture&) = delete;
  InteropTexture& operator=(const InteropTexture&) = delete;

  GLuint texture() const { return texture_.get(); }
  int width() const { return width_; }
  int height() const { return height_; }
  bool interop_active() const { return resource_ != nullptr; }
  // Why CUDA writes fall back to host copies ("" while interop works or was never tried).
  const std::string& interop_problem() const { return problem_; }

  void resize(int width, int height) override;
  std::optional<cudaSurfaceObject_t> begin_cuda_write(cudaStream_t stream) override;
  void end_cuda_write(cudaStream_t stream) noexcept override;
  void upload_host(const uint8_t* rgba, std::size_t pitch) override;

 private:
  void try_register();
  void release_cuda() noexcept;
  void wait_for_writes() noexcept;  // the last write's work finished on the GPU

  gl::Texture texture_;  // freed after the CUDA registration (the destructor's release_cuda)
  int width_ = 0, height_ = 0;
  bool allow_interop_;
  bool tried_ = false;  // registration attempted for the current storage
  cudaGraphicsResource* resource_ = nullptr;
  // The surface of the last mapping and its array: a mapping that gives the same array (the usual
  // case) reuses it; another one replaces it once the writes that used it finished.
  cudaSurfaceObject_t surface_ = 0;
  cudaArray_t surface_array_ = nullptr;
  bool mapped_ = false;
  cudaEvent_t written_ = nullptr;  // recorded at every unmap, in the writer's stream
  bool write_pending_ = false;
  std::string problem_;
};

}  // namespace satlab
