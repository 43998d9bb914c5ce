// A GL texture registered with CUDA (cudaGraphicsGLRegisterImage), owned once: mapped to its
// level-0 cudaArray in a stream, unmapped in a stream (stream-ordered: GL sees the texture only
// after the work queued before the unmap), never left mapped while GL uses it. The one
// registration of satlab: InteropTexture's interop path (the display textures, written through a
// surface) and the shadow demo's SAT pass (its moment and table textures, any format, read or
// written) both hold one. Registration is redone only when the texture changes; when CUDA cannot
// register it (e.g. the GL context is not on the CUDA device) attach() says so and the owner
// chooses its fallback. Move-only; a moved-from image holds nothing.
#pragma once

#include <GL/glew.h>
#include <cuda_runtime_api.h>

#include <string>

struct cudaGraphicsResource;

namespace satlab {

class GlCudaImage {
 public:
  // `register_flags`: cudaGraphicsRegisterFlags* (SurfaceLoadStore, ReadOnly, WriteDiscard).
  explicit GlCudaImage(unsigned register_flags) : flags_(register_flags) {}
  ~GlCudaImage() { release(); }
  GlCudaImage(GlCudaImage&& other) noexcept;
  GlCudaImage& operator=(GlCudaImage&& other) noexcept;
  GlCudaImage(const GlCudaImage&) = delete;
  GlCudaImage& operator=(const GlCudaImage&) = delete;

  // Registers `texture` (no-op when it is already the registered one). False, with problem(),
  // when CUDA cannot register it.
  bool attach(GLuint texture);
  bool attached() const { return resource_ != nullptr; }
  const std::string& problem() const { return problem_; }

  // Maps the registered texture in `stream` and returns its level 0. Throws sat::Error (nothing
  // is left mapped).
  cudaArray_t map(cudaStream_t stream);
  void unmap(cudaStream_t stream) noexcept;  // no-op when not mapped
  // Unmaps and unregisters (not on a device that stopped answering). The owner makes sure no
  // queued work still uses the texture's storage.
  void release() noexcept;

 private:
  unsigned flags_;
  GLuint texture_ = 0;
  cudaGraphicsResource* resource_ = nullptr;
  bool mapped_ = false;
  std::string problem_;
};

// Keeps a GlCudaImage mapped for a scope (exceptions included).
class ScopedMap {
 public:
  ScopedMap(GlCudaImage& image, cudaStream_t stream) : image_(image), stream_(stream), array_(image.map(stream)) {}
  ~ScopedMap() { image_.unmap(stream_); }
  ScopedMap(const ScopedMap&) = delete;
  ScopedMap& operator=(const ScopedMap&) = delete;
  cudaArray_t array() const { return array_; }

 private:
  GlCudaImage& image_;
  cudaStream_t stream_;
  cudaArray_t array_;
};

}  // namespace satlab
