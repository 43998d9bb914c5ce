#include "display/gl_program.h"

#include <algorithm>
#include <string>

#include "display/gl_context.h"

namespace satlab {

namespace {

std::string info_log(GLuint object, bool program) {
  GLint length = 0;
  program ? glGetProgramiv(object, GL_INFO_LOG_LENGTH, &length) : glGetShaderiv(object, GL_INFO_LOG_LENGTH, &length);
  std::string log(static_cast<std::size_t>(std::max(length, 1)), '\0');
  program ? glGetProgramInfoLog(object, length, nullptr, log.data())
          : glGetShaderInfoLog(object, length, nullptr, log.data());
  return log.c_str();
}

gl::Shader compile(GLenum type, const char* source, const std::string& what) {
  gl::Shader shader = gl::Shader::create(type);
  glShaderSource(shader.get(), 1, &source, nullptr);
  glCompileShader(shader.get());
  GLint ok = GL_FALSE;
  glGetShaderiv(shader.get(), GL_COMPILE_STATUS, &ok);
  if (!ok) throw GlContextError(what + " does not compile:\n" + info_log(shader.get(), false));
  return shader;
}

}  // namespace

GlProgram::GlProgram(const char* vertex_source, const char* fragment_source, const char* name) {
  // The shaders are freed when they go out of scope, a failed compile or link included; once
  // attached, GL keeps them until the program goes.
  const gl::Shader vs = compile(GL_VERTEX_SHADER, vertex_source, std::string(name) + " vertex shader");
  const gl::Shader fs = compile(GL_FRAGMENT_SHADER, fragment_source, std::string(name) + " fragment shader");
  program_ = gl::Program::create();
  glAttachShader(program_.get(), vs.get());
  glAttachShader(program_.get(), fs.get());
  glLinkProgram(program_.get());
  GLint ok = GL_FALSE;
  glGetProgramiv(program_.get(), GL_LINK_STATUS, &ok);
  if (!ok) throw GlContextError(std::string(name) + " program does not link:\n" + info_log(program_.get(), true));
}

}  // namespace satlab
