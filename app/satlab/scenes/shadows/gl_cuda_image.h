// A GL texture registered with CUDA for the shadow demo's SAT pass: mapped to a cudaArray for the
// pass, unmapped (stream-ordered) before GL samples it again. Registration is redone only when the
// texture changes (the map size or table format changed). Like display/interop_texture.h's
// interop path, but for any texture format, read or written, and without a fallback of its own: the
// caller decides what to do when registration fails (problem() says why; the shadow demo copies
// through the host, shadow_demo.cpp says why that is not InteropTexture's fallback).
#pragma once

#include <GL/glew.h>
#include <cuda_runtime_api.h>

#include <string>

struct cudaGraphicsResource;

namespace satlab::shadows {

class GlCudaImage {
 public:
  explicit GlCudaImage(unsigned register_flags) : flags_(register_flags) {}
  ~GlCudaImage();
  GlCudaImage(const GlCudaImage&) = delete;
  GlCudaImage& operator=(const GlCudaImage&) = delete;

  // Registers `texture` (no-op when it is already the registered one). False, with problem(),
  // when CUDA cannot register it (e.g. the GL context is not on the CUDA device).
  bool attach(GLuint texture);
  const std::string& problem() const { return problem_; }

  // Maps the registered texture in `stream` and returns its level 0. Throws sat::Error.
  cudaArray_t map(cudaStream_t stream);
  void unmap(cudaStream_t stream) noexcept;

 private:
  void release() noexcept;

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

}  // namespace satlab::shadows
