#include "display/gl_cuda_image.h"

// GLEW before cuda_gl_interop.h (which includes GL/gl.h).
#include <cuda_gl_interop.h>

#include <utility>

#include "common/cuda/cuda_check.h"
#include "sat/support/device_hang.h"

namespace satlab {

GlCudaImage::GlCudaImage(GlCudaImage&& other) noexcept
    : flags_(other.flags_),
      texture_(std::exchange(other.texture_, 0)),
      resource_(std::exchange(other.resource_, nullptr)),
      mapped_(std::exchange(other.mapped_, false)),
      problem_(std::move(other.problem_)) {}

GlCudaImage& GlCudaImage::operator=(GlCudaImage&& other) noexcept {
  if (this != &other) {
    release();
    flags_ = other.flags_;
    texture_ = std::exchange(other.texture_, 0);
    resource_ = std::exchange(other.resource_, nullptr);
    mapped_ = std::exchange(other.mapped_, false);
    problem_ = std::move(other.problem_);
  }
  return *this;
}

void GlCudaImage::release() noexcept {
  if (mapped_) SATAPP_CUDA_CHECK_NOTHROW(cudaGraphicsUnmapResources(1, &resource_, nullptr));
  mapped_ = false;
  if (resource_ && !sat::device_hung()) SATAPP_CUDA_CHECK_NOTHROW(cudaGraphicsUnregisterResource(resource_));
  resource_ = nullptr;
  texture_ = 0;
}

bool GlCudaImage::attach(GLuint texture) {
  if (texture == texture_ && resource_) return true;
  release();
  const cudaError_t status = cudaGraphicsGLRegisterImage(&resource_, texture, GL_TEXTURE_2D, flags_);
  if (status != cudaSuccess) {
    (void)cudaGetLastError();
    resource_ = nullptr;
    problem_ = std::string("cudaGraphicsGLRegisterImage: ") + cudaGetErrorString(status) +
               " (is the GL context on the CUDA device?)";
    return false;
  }
  texture_ = texture;
  problem_.clear();
  return true;
}

cudaArray_t GlCudaImage::map(cudaStream_t stream) {
  SAT_CUDA_CHECK(cudaGraphicsMapResources(1, &resource_, stream));
  mapped_ = true;
  cudaArray_t array = nullptr;
  const cudaError_t status = cudaGraphicsSubResourceGetMappedArray(&array, resource_, 0, 0);
  if (status != cudaSuccess) {
    unmap(stream);
    sat::throw_cuda_error(status, "cudaGraphicsSubResourceGetMappedArray");
  }
  return array;
}

void GlCudaImage::unmap(cudaStream_t stream) noexcept {
  if (!mapped_) return;
  // Stream-ordered: GL sees the texture only after the work queued before this point.
  SATAPP_CUDA_CHECK_NOTHROW(cudaGraphicsUnmapResources(1, &resource_, stream));
  mapped_ = false;
}

}  // namespace satlab
