#include "display/gl_program.h"

#include <algorithm>
#include <string>
#include <utility>

#include "display/gl_context.h"

namespace satlab {

namespace {

std::string info_log(GLuint object, bool program) {
  GLint length = 0;
  program ? glGetProgramiv(object, GL_INFO_LOG_LENGTH, &length) : glGetShaderiv(object, GL_INFO_LOG_LENGTH, &length);
  std::string log(static_cast<std::size_t>(std::max(length, 1)), '\0');
  program ? glGetProgramInfoLog(object, length, nullptr, log.data()) : glGetShaderInfoLog(object, length, nullptr, log.data());
  return log.c_str();
}

GLuint compile(GLenum type, const char* source, const std::string& what) {
  const GLuint shader = glCreateShader(type);
  glShaderSource(shader, 1, &source, nullptr);
  glCompileShader(shader);
  GLint ok = GL_FALSE;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    const std::string log = info_log(shader, false);
    glDeleteShader(shader);
    throw GlContextError(what + " does not compile:\n" + log);
  }
  return shader;
}

}  // namespace

GlProgram::GlProgram(const char* vertex_source, const char* fragment_source, const char* name) {
  const GLuint vs = compile(GL_VERTEX_SHADER, vertex_source, std::string(name) + " vertex shader");
  GLuint fs = 0;
  try {
    fs = compile(GL_FRAGMENT_SHADER, fragment_source, std::string(name) + " fragment shader");
  } catch (...) {
    glDeleteShader(vs);
    throw;
  }
  program_ = glCreateProgram();
  glAttachShader(program_, vs);
  glAttachShader(program_, fs);
  glLinkProgram(program_);
  glDeleteShader(vs);  // flagged; freed with the program
  glDeleteShader(fs);
  GLint ok = GL_FALSE;
  glGetProgramiv(program_, GL_LINK_STATUS, &ok);
  if (!ok) {
    const std::string log = info_log(program_, true);
    glDeleteProgram(program_);
    program_ = 0;
    throw GlContextError(std::string(name) + " program does not link:\n" + log);
  }
}

GlProgram::~GlProgram() {
  if (program_) glDeleteProgram(program_);
}

GlProgram::GlProgram(GlProgram&& other) noexcept : program_(std::exchange(other.program_, 0)) {}

GlProgram& GlProgram::operator=(GlProgram&& other) noexcept {
  std::swap(program_, other.program_);
  return *this;
}

}  // namespace satlab
