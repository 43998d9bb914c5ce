// GLEW initialisation shared by the window and the headless contexts.
#include <string>

#include "display/gl_context.h"

namespace satlab {

std::string load_gl_entry_points(bool egl) {
  glewExperimental = GL_TRUE;  // core profiles: load every entry point the driver has
  const GLenum status = glewInit();
  if (status != GLEW_OK && !(egl && status == GLEW_ERROR_NO_GLX_DISPLAY))
    throw GlContextError("glewInit failed with " + std::to_string(status) + ": " +
                         reinterpret_cast<const char*>(glewGetErrorString(status)));
  while (glGetError() != GL_NO_ERROR) {
  }  // glewInit may leave GL_INVALID_ENUM behind in core profiles
  if (!glCreateShader || !glGenVertexArrays || !glGenFramebuffers || !glUseProgram)
    throw GlContextError("the OpenGL context lacks OpenGL 3.3 entry points");
  GLint major = 0, minor = 0;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  const auto* version = reinterpret_cast<const char*>(glGetString(GL_VERSION));
  const auto* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  if (major * 10 + minor < 33)
    throw GlContextError(std::string("OpenGL 3.3 or newer is needed (got ") + (version ? version : "?") + ")");
  return std::string("OpenGL ") + (version ? version : "?") + "; " + (renderer ? renderer : "?");
}

int max_texture_side() {
  GLint side = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &side);
  return glGetError() == GL_NO_ERROR && side > 0 ? side : kGuaranteedTextureSide;
}

}  // namespace satlab
