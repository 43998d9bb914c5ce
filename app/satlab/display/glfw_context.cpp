// The windowed GL context: GLFW window with an OpenGL 3.3 core context.
#define GLFW_INCLUDE_NONE  // GL comes from GLEW
#include <GLFW/glfw3.h>

#include <string>

#include "display/gl_context.h"

namespace satlab {

namespace {

std::string g_last_glfw_error;  // GLFW reports errors through a C callback

void on_glfw_error(int code, const char* text) {
  g_last_glfw_error = std::string(text ? text : "?") + " (GLFW error " + std::to_string(code) + ")";
}

class GlfwContext final : public GlContext {
 public:
  GlfwContext(int width, int height, bool vsync) {
    glfwSetErrorCallback(on_glfw_error);
    if (!glfwInit()) throw GlContextError("cannot open a window: " + g_last_glfw_error);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    window_ = glfwCreateWindow(width, height, "satlab", nullptr, nullptr);
    if (!window_) {
      const std::string why = g_last_glfw_error;
      glfwTerminate();
      throw GlContextError("cannot open an OpenGL 3.3 window: " + why);
    }
    glfwMakeContextCurrent(window_);
    glfwSwapInterval(vsync ? 1 : 0);
    try {
      description_ = "GLFW window; " + load_gl_entry_points(false);
    } catch (...) {
      glfwDestroyWindow(window_);
      glfwTerminate();
      throw;
    }
  }
  ~GlfwContext() override {
    glfwDestroyWindow(window_);
    glfwTerminate();
  }
  GlfwContext(const GlfwContext&) = delete;
  GlfwContext& operator=(const GlfwContext&) = delete;

  bool headless() const override { return false; }
  GLFWwindow* glfw_window() const override { return window_; }
  void poll_events() override { glfwPollEvents(); }
  void wait_events(double timeout_s) override { glfwWaitEventsTimeout(timeout_s); }
  bool should_close() const override { return glfwWindowShouldClose(window_); }
  void request_close() override { glfwSetWindowShouldClose(window_, GLFW_TRUE); }
  bool minimized() const override {
    return glfwGetWindowAttrib(window_, GLFW_ICONIFIED) || framebuffer_width() == 0 || framebuffer_height() == 0;
  }
  int framebuffer_width() const override {
    int w = 0, h = 0;
    glfwGetFramebufferSize(window_, &w, &h);
    return w;
  }
  int framebuffer_height() const override {
    int w = 0, h = 0;
    glfwGetFramebufferSize(window_, &w, &h);
    return h;
  }
  void swap_buffers() override { glfwSwapBuffers(window_); }

 private:
  GLFWwindow* window_ = nullptr;
};

}  // namespace

std::unique_ptr<GlContext> create_window_context(int width, int height, bool vsync) {
  return std::make_unique<GlfwContext>(width, height, vsync);
}

}  // namespace satlab
