// An RGBA8 GL texture that CUDA kernels always write through a surface object (instant-ngp's
// SurfaceProvider), so that a pipeline has one display path whatever the GL context:
//   - with CUDA-GL interop the surface is the texture's own array: the registered texture is
//     mapped and unmapped around every write, in the writer's stream, never left mapped while GL
//     draws (the unmap orders GL's next use after the writes);
//   - without (registration failed: the GL context is not on the CUDA device, e.g. Mesa; or
//     --no-interop) it is a CUDA array of the texture's own (HostMirroredSurface): end_cuda_write
//     queues its copy into page-locked host memory in the writer's stream, and texture() uploads it
//     (glTexSubImage2D) when GL next needs the texture, waiting for that copy only then.
// The CPU backend uploads host pixels (upload_host, in bands of rows), a gray image into an R8
// texture that GL samples as gray (upload_host_gray: 1 byte per pixel, not 4). Owns the texture,
// the registration and the fallback surface (instant-ngp's render_buffer in spirit).
//
// The writer does not wait for its writes (frames in flight): the interop surface object is kept
// while the mapping gives the same array, and nothing a queued write or copy may still use
// (surface, array, registration, pinned buffer) is released before its event completed: not on
// resize, not when another texture is moved into this one, not on destruction. A moved-from
// texture is empty (no GL name, nothing of CUDA). Needs the GL context current for its whole life;
// CUDA is touched only when a CUDA write is asked for.
#pragma once

#include <GL/glew.h>

#include <optional>
#include <string>

#include "common/cuda/cuda_array.h"
#include "display/gl_cuda_image.h"
#include "display/gl_handle.h"
#include "display/host_mirrored_surface.h"
#include "pipeline/display_target.h"
#include "sat/support/cuda_event.h"

namespace satlab {

class InteropTexture final : public DisplayTarget {
 public:
  explicit InteropTexture(bool allow_interop);
  ~InteropTexture() override;
  InteropTexture(InteropTexture&& other) noexcept;
  InteropTexture& operator=(InteropTexture&& other) noexcept;
  InteropTexture(const InteropTexture&) = delete;
  InteropTexture& operator=(const InteropTexture&) = delete;

  // The texture's name, with the pixels of the last write: when that was a CUDA write without
  // interop, waits for its host copy and uploads it first (once per write). Call it whenever GL is
  // about to use the texture (draw, sample, read back, render into). The GL state it touches for
  // the upload (2D texture binding, unpack buffer and alignment, row length) is restored.
  GLuint texture();
  int width() const { return width_; }
  int height() const { return height_; }
  // The storage is R8 (upload_host_gray) rather than RGBA8.
  bool gray() const { return gray_; }
  // CUDA writes go straight into the GL texture (registered with CUDA).
  bool interop_active() const { return image_.attached(); }
  // Why CUDA writes go through a surface of their own and the host ("" while interop works or was
  // never tried).
  const std::string& interop_problem() const { return problem_; }

  void resize(int width, int height) override;
  cudaSurfaceObject_t begin_cuda_write(cudaStream_t stream) override;
  void end_cuda_write(cudaStream_t stream) noexcept override;
  void upload_host(int y, sat::ConstImage8 rgba) override;
  void upload_host_gray(sat::ConstImage8 gray) override;
  const char* display_path() const override { return display_path_; }

 private:
  enum class OpenWrite { None, Interop, Mirror };

  void try_register();
  cudaSurfaceObject_t map_for_write(cudaStream_t stream);  // interop: the mapped array's surface
  void release_cuda() noexcept;
  void wait_for_interop_writes() noexcept;          // the last interop write's work finished on the GPU
  void allocate(int width, int height, bool gray);  // new storage: RGBA8, or R8 read as gray
  void upload(int y, sat::ConstImage8 image);       // RGBA8 rows, or a gray image (R8)

  gl::Texture texture_;  // freed after the CUDA registration (the destructor's release_cuda)
  int width_ = 0, height_ = 0;
  bool gray_ = false;  // R8 storage, swizzled to gray
  bool allow_interop_;
  bool tried_ = false;                                            // registration attempted for the current storage
  GlCudaImage image_{cudaGraphicsRegisterFlagsSurfaceLoadStore};  // the registration, with interop
  // The surface of the last mapping (over its array): a mapping that gives the same array (the
  // usual case) reuses it; another one replaces it once the writes that used it finished.
  satapp::CudaSurface mapped_surface_;
  std::optional<sat::CudaEvent> written_;  // recorded at every unmap, in the writer's stream
  bool write_pending_ = false;             // written_ recorded and not waited for
  HostMirroredSurface mirror_;             // without interop: what CUDA writes, and its host copy
  OpenWrite open_ = OpenWrite::None;
  const char* display_path_ = "";
  std::string problem_;
};

}  // namespace satlab
