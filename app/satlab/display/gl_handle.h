// Move-only owners of OpenGL object names: one template, and per object type a kind naming the GL
// functions that make and free the name (gl::Texture frees with glDeleteTextures). An owner frees its name when it is
// destroyed or given another, so a class that holds its GL objects this way releases every one of them on every path,
// an exception half-way through its constructor included, without a glDelete* of its own.
// Like the objects themselves, an owner needs its GL context current whenever it frees a name
// (an empty owner calls no GL function).
#pragma once

#include <GL/glew.h>

#include <utility>

namespace satlab::gl {

template <class Kind>
class Handle {
 public:
  Handle() = default;
  explicit Handle(GLuint name) noexcept : name_(name) {}
  ~Handle() { reset(); }
  Handle(Handle&& other) noexcept : name_(std::exchange(other.name_, 0)) {}
  Handle& operator=(Handle&& other) noexcept {
    if (this != &other) reset(std::exchange(other.name_, 0));
    return *this;
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;

  // A new object of this kind, e.g. gl::Texture::create(), gl::Shader::create(GL_VERTEX_SHADER).
  template <class... Args>
  static Handle create(Args... args) {
    return Handle(Kind::create(args...));
  }

  GLuint get() const noexcept { return name_; }
  explicit operator bool() const noexcept { return name_ != 0; }
  // Frees the name held (if any) and holds `name` instead.
  void reset(GLuint name = 0) noexcept {
    if (name_) Kind::destroy(name_);
    name_ = name;
  }

 private:
  GLuint name_ = 0;
};

// The kinds. Their template arguments are references, not values: most entry points are function
// pointers that GLEW fills in at run time (glGenBuffers names such a variable), read at each call.
//
// The glGen*/glDelete* families take a count and an array; every owner holds one name.
template <auto& Generate, auto& Delete>
struct GeneratedKind {
  static GLuint create() {
    GLuint name = 0;
    Generate(1, &name);
    return name;
  }
  static void destroy(GLuint name) noexcept { Delete(1, &name); }
};

// glCreateShader(type), glCreateProgram(): the name is the return value.
template <auto& Create, auto& Delete>
struct CreatedKind {
  template <class... Args>
  static GLuint create(Args... args) {
    return Create(args...);
  }
  static void destroy(GLuint name) noexcept { Delete(name); }
};

using Texture = Handle<GeneratedKind<glGenTextures, glDeleteTextures>>;
using Buffer = Handle<GeneratedKind<glGenBuffers, glDeleteBuffers>>;
using VertexArray = Handle<GeneratedKind<glGenVertexArrays, glDeleteVertexArrays>>;
using Framebuffer = Handle<GeneratedKind<glGenFramebuffers, glDeleteFramebuffers>>;
using Renderbuffer = Handle<GeneratedKind<glGenRenderbuffers, glDeleteRenderbuffers>>;
using Query = Handle<GeneratedKind<glGenQueries, glDeleteQueries>>;
using Shader = Handle<CreatedKind<glCreateShader, glDeleteShader>>;
using Program = Handle<CreatedKind<glCreateProgram, glDeleteProgram>>;

}  // namespace satlab::gl
