#include "display/presenter.h"

#include <cstdio>

#include "embedded_shaders.h"

namespace satlab {

std::string Presenter::first_gl_error() {
  const GLenum error = glGetError();
  if (error == GL_NO_ERROR || gl_error_reported_) return "";
  gl_error_reported_ = true;
  char text[64];
  std::snprintf(text, sizeof text, "OpenGL error 0x%04x while drawing a frame", static_cast<unsigned>(error));
  return text;
}

void Presenter::clear(GLuint framebuffer, int framebuffer_width, int framebuffer_height) {
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
  glViewport(0, 0, framebuffer_width, framebuffer_height);
  glClearColor(0.1f, 0.1f, 0.11f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
}

Presenter::Presenter()
    : program_(shaders::kPresentVert, shaders::kPresentFrag, "present"),
      u_before_(program_.uniform("u_before")),
      u_after_(program_.uniform("u_after")),
      u_origin_(program_.uniform("u_origin")),
      u_zoom_(program_.uniform("u_zoom")),
      u_image_size_(program_.uniform("u_image_size")),
      u_divider_(program_.uniform("u_divider")),
      u_viewport_height_(program_.uniform("u_viewport_height")),
      u_background_(program_.uniform("u_background")),
      vertex_array_(gl::VertexArray::create()) {}

void Presenter::draw(const ViewState& view, GLuint before, GLuint after, int framebuffer_width,
                     int framebuffer_height) {
  const bool have_image = before && after && view.image_width() > 0 && view.image_height() > 0;
  glViewport(0, 0, framebuffer_width, framebuffer_height);
  glDisable(GL_BLEND);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_CULL_FACE);
  glUseProgram(program_.id());
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, before);
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, after);
  glUniform1i(u_before_, 0);
  glUniform1i(u_after_, 1);
  glUniform2f(u_origin_, view.origin().x, view.origin().y);
  glUniform1f(u_zoom_, view.zoom());
  // No image: a zero-size image draws the background everywhere.
  glUniform2f(u_image_size_, have_image ? static_cast<float>(view.image_width()) : 0.0f,
              have_image ? static_cast<float>(view.image_height()) : 0.0f);
  glUniform1f(u_divider_, view.divider() * static_cast<float>(view.image_width()));
  glUniform1f(u_viewport_height_, static_cast<float>(framebuffer_height));
  glUniform3f(u_background_, 0.16f, 0.17f, 0.19f);
  glBindVertexArray(vertex_array_.get());
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindVertexArray(0);
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, 0);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, 0);
  glUseProgram(0);
}

}  // namespace satlab
