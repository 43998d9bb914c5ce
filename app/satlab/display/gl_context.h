// An OpenGL 3.3+ core context and the framebuffer each frame is drawn into: a GLFW window, or
// (headless) an off-screen EGL context rendering into a framebuffer object. Constructing one
// makes it current and loads the GL entry points (GLEW); destroying it is the last GL act.
#pragma once

#include <GL/glew.h>

#include <memory>
#include <stdexcept>
#include <string>

struct GLFWwindow;

namespace satlab {

class GlContextError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class GlContext {
 public:
  virtual ~GlContext() = default;

  virtual bool headless() const = 0;
  virtual GLFWwindow* glfw_window() const { return nullptr; }  // for ImGui's GLFW backend

  virtual void poll_events() {}
  virtual void wait_events(double /*timeout_s*/) {}
  virtual bool should_close() const { return false; }
  virtual void request_close() {}
  virtual bool minimized() const { return false; }  // iconified or zero-sized: draw nothing

  // Drawable size in framebuffer pixels (differs from the window's screen size on HiDPI).
  virtual int framebuffer_width() const = 0;
  virtual int framebuffer_height() const = 0;
  // The framebuffer object to bind before drawing a frame (0: the window's default framebuffer).
  virtual GLuint framebuffer() const { return 0; }
  virtual void swap_buffers() {}

  // e.g. "GLFW window; OpenGL 4.5 (Core Profile) Mesa 22.3.6; llvmpipe (LLVM 15.0.6, 256 bits)".
  const std::string& description() const { return description_; }

 protected:
  std::string description_;
};

// A window of width×height screen coordinates. Throws GlContextError (no display, no GL 3.3).
std::unique_ptr<GlContext> create_window_context(int width, int height, bool vsync);

// An off-screen context and a width×height framebuffer object. Tries the EGL device platform
// first (an NVIDIA device first, the one with CUDA ordinal `cuda_device` first of all), then the
// default EGL display (e.g. Mesa). Throws GlContextError listing what each attempt said.
std::unique_ptr<GlContext> create_headless_context(int width, int height, int cuda_device = 0);

// After a context is current: loads the GL entry points through GLEW and checks for GL 3.3 core.
// `egl`: accept glewInit's GLEW_ERROR_NO_GLX_DISPLAY (GLEW looks for GLX, which an EGL context
// does not have; the GL entry points are loaded anyway). Returns "OpenGL <version>; <renderer>".
std::string load_gl_entry_points(bool egl);

// What OpenGL 4.1 and later guarantee for GL_MAX_TEXTURE_SIZE: the limit where none is known.
inline constexpr int kGuaranteedTextureSide = 16384;
// The largest texture width or height the current context takes (GL_MAX_TEXTURE_SIZE): the
// before/after textures have the source's size, and a larger one fails (GL_INVALID_VALUE).
// kGuaranteedTextureSide when the context does not say.
int max_texture_side();

}  // namespace satlab
