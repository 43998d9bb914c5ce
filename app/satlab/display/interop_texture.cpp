#include "display/interop_texture.h"

// GLEW before cuda_gl_interop.h (which includes GL/gl.h).
#include <cuda_gl_interop.h>
#include <cuda_runtime_api.h>

#include <utility>

#include "common/cuda/cuda_check.h"
#include "sat/error.h"
#include "sat/support/device_hang.h"

namespace satlab {

InteropTexture::InteropTexture(bool allow_interop) : texture_(gl::Texture::create()), allow_interop_(allow_interop) {
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
      width_(std::exchange(other.width_, 0)),
      height_(std::exchange(other.height_, 0)),
      gray_(std::exchange(other.gray_, false)),
      allow_interop_(other.allow_interop_),
      tried_(std::exchange(other.tried_, false)),
      image_(std::move(other.image_)),
      mapped_surface_(std::move(other.mapped_surface_)),
      written_(std::move(other.written_)),
      write_pending_(std::exchange(other.write_pending_, false)),
      mirror_(std::move(other.mirror_)),
      open_(std::exchange(other.open_, OpenWrite::None)),
      display_path_(std::exchange(other.display_path_, "")),
      problem_(std::move(other.problem_)) {
  other.written_.reset();
}

InteropTexture& InteropTexture::operator=(InteropTexture&& other) noexcept {
  if (this != &other) {
    release_cuda();  // before the texture it registered goes
    texture_ = std::move(other.texture_);
    width_ = std::exchange(other.width_, 0);
    height_ = std::exchange(other.height_, 0);
    gray_ = std::exchange(other.gray_, false);
    allow_interop_ = other.allow_interop_;
    tried_ = std::exchange(other.tried_, false);
    image_ = std::move(other.image_);
    mapped_surface_ = std::move(other.mapped_surface_);
    written_ = std::move(other.written_);
    other.written_.reset();
    write_pending_ = std::exchange(other.write_pending_, false);
    mirror_ = std::move(other.mirror_);
    open_ = std::exchange(other.open_, OpenWrite::None);
    display_path_ = std::exchange(other.display_path_, "");
    problem_ = std::move(other.problem_);
  }
  return *this;
}

void InteropTexture::wait_for_interop_writes() noexcept {
  if (write_pending_ && !sat::device_hung()) SATAPP_CUDA_CHECK_NOTHROW(cudaEventSynchronize(written_->get()));
  write_pending_ = false;
}

void InteropTexture::release_cuda() noexcept {
  image_.unmap(nullptr);  // mapped while a write is open
  open_ = OpenWrite::None;
  wait_for_interop_writes();  // a kernel still queued may use the surface and the registered storage
  mapped_surface_.reset();
  image_.release();
  written_.reset();
  mirror_ = HostMirroredSurface();  // waits for its last copy first
}

void InteropTexture::resize(int width, int height) {
  if (width == width_ && height == height_ && !gray_) return;
  allocate(width, height, false);
}

void InteropTexture::allocate(int width, int height, bool gray) {
  release_cuda();  // a registration and the fallback surface are tied to the texture's storage
  tried_ = false;
  display_path_ = "";
  glBindTexture(GL_TEXTURE_2D, texture_.get());
  glTexImage2D(GL_TEXTURE_2D, 0, gray ? GL_R8 : GL_RGBA8, width, height, 0, gray ? GL_RED : GL_RGBA, GL_UNSIGNED_BYTE,
               nullptr);
  // A gray texture reads as gray wherever GL samples it (the presenter's shader); its readers
  // outside shaders ask for its format (display/gl_readback.h).
  const GLint swizzle[4] = {GL_RED, gray ? GL_RED : GL_GREEN, gray ? GL_RED : GL_BLUE, gray ? GL_ONE : GL_ALPHA};
  glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, swizzle);
  glBindTexture(GL_TEXTURE_2D, 0);
  width_ = width;
  height_ = height;
  gray_ = gray;
}

void InteropTexture::try_register() {
  tried_ = true;
  if (!allow_interop_) {
    problem_ = "CUDA-GL interop disabled (--no-interop)";
    return;
  }
  problem_ = image_.attach(texture_.get()) ? "" : image_.problem();
}

cudaSurfaceObject_t InteropTexture::begin_cuda_write(cudaStream_t stream) {
  if (gray_) allocate(width_, height_, false);  // CUDA writes RGBA8
  if (!tried_) try_register();
  if (image_.attached()) {
    const cudaSurfaceObject_t surface = map_for_write(stream);
    display_path_ = kDisplayInterop;
    return surface;
  }
  // No interop: a surface of our own, copied to the host after the write (end_cuda_write).
  if (mirror_.empty()) mirror_ = HostMirroredSurface(width_, height_);
  const cudaSurfaceObject_t surface = mirror_.begin_write(stream);
  open_ = OpenWrite::Mirror;
  display_path_ = kDisplaySurfaceUpload;
  return surface;
}

cudaSurfaceObject_t InteropTexture::map_for_write(cudaStream_t stream) {
  if (!written_) written_.emplace(cudaEventDisableTiming);
  const cudaArray_t array = image_.map(stream);  // throws with nothing mapped
  open_ = OpenWrite::Interop;
  try {
    if (array != mapped_surface_.array() || mapped_surface_.empty()) {
      wait_for_interop_writes();  // the writes through the old surface are done before it goes
      mapped_surface_.reset();
      mapped_surface_ = satapp::CudaSurface(array);
    }
  } catch (...) {
    end_cuda_write(stream);  // the caller gets no surface, so it will not unmap
    throw;
  }
  return mapped_surface_.get();
}

void InteropTexture::end_cuda_write(cudaStream_t stream) noexcept {
  const OpenWrite open = std::exchange(open_, OpenWrite::None);
  if (open == OpenWrite::Mirror) {
    mirror_.end_write(stream);  // texture() uploads its copy
    return;
  }
  if (open != OpenWrite::Interop) return;
  image_.unmap(stream);  // stream-ordered: GL sees the texture after the writes
  SATAPP_CUDA_CHECK_NOTHROW(cudaEventRecord(written_->get(), stream));
  write_pending_ = true;
}

GLuint InteropTexture::texture() {
  if (mirror_.has_new_pixels())
    if (const uint8_t* pixels = mirror_.take_pixels())
      upload(0, sat::ConstImage8{pixels, mirror_.pitch(), width_, height_, 4});
  return texture_.get();
}

void InteropTexture::upload_host(int y, sat::ConstImage8 rgba) {
  if (rgba.channels != 4 || rgba.width != width_ || y < 0 || y + rgba.height > height_ || gray_)
    throw sat::Error(sat::ErrorCode::InvalidArgument, "InteropTexture::upload_host",
                     "needs RGBA rows of the texture's width within its rows (resize() first)");
  mirror_.discard_pixels();  // older than these
  upload(y, rgba);
  display_path_ = kDisplayHostUpload;
}

void InteropTexture::upload_host_gray(sat::ConstImage8 gray) {
  if (gray.channels != 1)
    throw sat::Error(sat::ErrorCode::InvalidArgument, "InteropTexture::upload_host_gray", "needs a 1-channel image");
  if (!gray_ || gray.width != width_ || gray.height != height_) allocate(gray.width, gray.height, true);
  mirror_.discard_pixels();
  upload(0, gray);
  display_path_ = kDisplayHostUpload;
}

void InteropTexture::upload(int y, sat::ConstImage8 image) {
  // Called from texture() anywhere in a frame: leaves the GL state as it found it.
  GLint bound = 0, unpack_buffer = 0, alignment = 0, row_length = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
  glGetIntegerv(GL_PIXEL_UNPACK_BUFFER_BINDING, &unpack_buffer);
  glGetIntegerv(GL_UNPACK_ALIGNMENT, &alignment);
  glGetIntegerv(GL_UNPACK_ROW_LENGTH, &row_length);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);  // host memory, not an offset into a buffer
  glBindTexture(GL_TEXTURE_2D, texture_.get());
  // The texture's own format: GL copies the rows as they are (no conversion, no staging copy).
  const bool gray = image.channels == 1;
  glPixelStorei(GL_UNPACK_ALIGNMENT, gray ? 1 : 4);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, static_cast<GLint>(image.pitch / image.channels));
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, y, image.width, image.height, gray ? GL_RED : GL_RGBA, GL_UNSIGNED_BYTE,
                  image.data);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, row_length);
  glPixelStorei(GL_UNPACK_ALIGNMENT, alignment);
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(bound));
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, static_cast<GLuint>(unpack_buffer));
}

}  // namespace satlab
