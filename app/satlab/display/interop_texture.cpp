#include "display/interop_texture.h"

// GLEW before cuda_gl_interop.h (which includes GL/gl.h).
#include <cuda_gl_interop.h>
#include <cuda_runtime_api.h>

#include <utility>

#include "common/cuda/cuda_check.h"

namespace satlab {

InteropTexture::InteropTexture(bool allow_interop)
    : texture_(gl::Texture::create()), allow_interop_(allow_interop) {
  glBindTexture(GL_TEXTURE_2D, texture_.get());
  // Magnified views read texels exactly (texelFetch in the shader); minified views filter.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_2D, 0);
}

InteropTexture::~InteropTexture() { release_cuda(); }

InteropTexture::InteropTexture(InteropTexture&& other) noexcept
    : texture_(std::move(other.texture_)),
      width_(other.width_),
      height_(other.height_),
      allow_interop_(other.allow_interop_),
      tried_(other.tried_),
      resource_(std::exchange(other.resource_, nullptr)),
      surface_(std::exchange(other.surface_, 0)),
      surface_array_(std::exchange(other.surface_array_, nullptr)),
      mapped_(std::exchange(other.mapped_, false)),
      written_(std::exchange(other.written_, nullptr)),
      write_pending_(std::exchange(other.write_pending_, false)),
      problem_(std::move(other.problem_)) {}

InteropTexture& InteropTexture::operator=(InteropTexture&& other) noexcept {
  if (this != &other) {
    release_cuda();  // before the texture it registered goes
    texture_ = std::move(other.texture_);
    width_ = other.width_;
    height_ = other.height_;
    allow_interop_ = other.allow_interop_;
    tried_ = other.tried_;
    resource_ = std::exchange(other.resource_, nullptr);
    surface_ = std::exchange(other.surface_, 0);
    surface_array_ = std::exchange(other.surface_array_, nullptr);
    mapped_ = std::exchange(other.mapped_, false);
    written_ = std::exchange(other.written_, nullptr);
    write_pending_ = std::exchange(other.write_pending_, false);
    problem_ = std::move(other.problem_);
  }
  return *this;
}

void InteropTexture::wait_for_writes() noexcept {
  if (write_pending_) SATAPP_CUDA_CHECK_NOTHROW(cudaEventSynchronize(written_));
  write_pending_ = false;
}

void InteropTexture::release_cuda() noexcept {
  if (mapped_) SATAPP_CUDA_CHECK_NOTHROW(cudaGraphicsUnmapResources(1, &resource_, nullptr));
  mapped_ = false;
  wait_for_writes();  // a kernel still queued may use the surface and the registered storage
  if (surface_) SATAPP_CUDA_CHECK_NOTHROW(cudaDestroySurfaceObject(surface_));
  surface_ = 0;
  surface_array_ = nullptr;
  if (resource_) SATAPP_CUDA_CHECK_NOTHROW(cudaGraphicsUnregisterResource(resource_));
  resource_ = nullptr;
  if (written_) SATAPP_CUDA_CHECK_NOTHROW(cudaEventDestroy(written_));
  written_ = nullptr;
}

void InteropTexture::resize(int width, int height) {
  if (width == width_ && height == height_) return;
  release_cuda();  // a registration is tied to the texture's storage
  tried_ = false;
  glBindTexture(GL_TEXTURE_2D, texture_.get());
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glBindTexture(GL_TEXTURE_2D, 0);
  width_ = width;
  height_ = height;
}

void InteropTexture::try_register() {
  tried_ = true;
  if (!allow_interop_) {
    problem_ = "CUDA-GL interop disabled (--no-interop)";
    return;
  }
  const cudaError_t status = cudaGraphicsGLRegisterImage(
      &resource_, texture_.get(), GL_TEXTURE_2D,
      cudaGraphicsRegisterFlagsSurfaceLoadStore);
  if (status != cudaSuccess) {
    (void)cudaGetLastError();
    resource_ = nullptr;
    problem_ = std::string("cudaGraphicsGLRegisterImage: ") + cudaGetErrorString(status) +
               " (is the GL context on the CUDA device?)";
    return;
  }
  problem_.clear();
}

std::optional<cudaSurfaceObject_t> InteropTexture::begin_cuda_write(cudaStream_t stream) {
  if (!tried_) try_register();
  if (!resource_) return std::nullopt;
  if (!written_) SATAPP_CUDA_CHECK(cudaEventCreateWithFlags(&written_, cudaEventDisableTiming));
  SATAPP_CUDA_CHECK(cudaGraphicsMapResources(1, &resource_, stream));
  mapped_ = true;
  try {
    cudaArray_t array = nullptr;
    SATAPP_CUDA_CHECK(cudaGraphicsSubResourceGetMappedArray(&array, resource_, 0, 0));
    if (array != surface_array_ || !surface_) {
      if (surface_) {
        wait_for_writes();  // the writes through the old surface are done before it goes
        SATAPP_CUDA_CHECK(cudaDestroySurfaceObject(surface_));
        surface_ = 0;
        surface_array_ = nullptr;
      }
      cudaResourceDesc desc{};
      desc.resType = cudaResourceTypeArray;
      desc.res.array.array = array;
      SATAPP_CUDA_CHECK(cudaCreateSurfaceObject(&surface_, &desc));
      surface_array_ = array;
    }
  } catch (...) {
    end_cuda_write(stream);  // the caller gets no surface, so it will not unmap
    throw;
  }
  return surface_;
}

void InteropTexture::end_cuda_write(cudaStream_t stream) noexcept {
  if (!mapped_) return;
  // Stream-ordered: GL sees the texture only after the work queued before this point.
  SATAPP_CUDA_CHECK_NOTHROW(cudaGraphicsUnmapResources(1, &resource_, stream));
  mapped_ = false;
  SATAPP_CUDA_CHECK_NOTHROW(cudaEventRecord(written_, stream));
  write_pending_ = true;
}

void InteropTexture::upload_host(const uint8_t* rgba, std::size_t pitch) {
  glBindTexture(GL_TEXTURE_2D, texture_.get());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, static_cast<GLint>(pitch / 4));
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  glBindTexture(GL_TEXTURE_2D, 0);
}

}  // namespace satlab
