// Draws the image view (display/view_state.h) into the bound framebuffer: the input texture left
// of the divider, the output texture right of it, exact texels at zoom ≥ 1. The shaders are
// shaders/present.*.glsl, embedded at build time.
#pragma once

#include <GL/glew.h>

#include <string>

#include "display/gl_handle.h"
#include "display/gl_program.h"
#include "display/view_state.h"

namespace satlab {

class Presenter {
 public:
  Presenter();  // needs the GL context current; throws GlContextError if the shaders fail
  Presenter(const Presenter&) = delete;
  Presenter& operator=(const Presenter&) = delete;

  // "OpenGL error 0x... while drawing a frame" the first time glGetError reports one, else ""
  // (once: the same error would repeat every frame).
  std::string first_gl_error();
  // Binds `framebuffer` and clears its framebuffer_width×framebuffer_height viewport to the
  // background.
  static void clear(GLuint framebuffer, int framebuffer_width, int framebuffer_height);
  // Fills the whole framebuffer_width×framebuffer_height viewport. A zero texture (no frame yet)
  // draws the background only.
  void draw(const ViewState& view, GLuint before, GLuint after, int framebuffer_width, int framebuffer_height);

 private:
  GlProgram program_;
  GLint u_before_, u_after_, u_origin_, u_zoom_, u_image_size_, u_divider_, u_viewport_height_, u_background_;
  bool gl_error_reported_ = false;
  gl::VertexArray vertex_array_;  // empty, but core profiles draw only with one bound
};

}  // namespace satlab
