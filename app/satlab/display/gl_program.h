// A linked GLSL program (RAII). Compile and link errors throw GlContextError with the info log.
#pragma once

#include <GL/glew.h>

namespace satlab {

class GlProgram {
 public:
  GlProgram(const char* vertex_source, const char* fragment_source, const char* name);
  ~GlProgram();
  GlProgram(GlProgram&& other) noexcept;
  GlProgram& operator=(GlProgram&& other) noexcept;
  GlProgram(const GlProgram&) = delete;
  GlProgram& operator=(const GlProgram&) = delete;

  GLuint id() const { return program_; }
  GLint uniform(const char* name) const { return glGetUniformLocation(program_, name); }

 private:
  GLuint program_ = 0;
};

}  // namespace satlab
