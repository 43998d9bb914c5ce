// A linked GLSL program (RAII). Compile and link errors throw GlContextError with the info log.
#pragma once

#include <GL/glew.h>

#include "display/gl_handle.h"

namespace satlab {

class GlProgram {
 public:
  GlProgram(const char* vertex_source, const char* fragment_source, const char* name);

  GLuint id() const { return program_.get(); }
  GLint uniform(const char* name) const { return glGetUniformLocation(program_.get(), name); }

 private:
  gl::Program program_;  // move-only, freed with the GlProgram
};

}  // namespace satlab
