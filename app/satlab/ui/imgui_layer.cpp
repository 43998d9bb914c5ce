#include "ui/imgui_layer.h"

#include <imgui.h>
#include <imgui_internal.h>  // the window list, for visible_windows() only

#define GLFW_INCLUDE_NONE  // GL comes from GLEW
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>

#include <stdexcept>

namespace satlab {

namespace {
void queue_key(GLFWwindow* window, int key, int /*scancode*/, int action, int /*mods*/) {
  if (auto* keys = static_cast<KeyQueue*>(glfwGetWindowUserPointer(window))) keys->on_key(key, action);
}

// ImGui's GLFW backend down (it puts queue_key back), then queue_key off: it must not outlive the queue.
void shut_down_glfw_backend(GLFWwindow* window) {
  ImGui_ImplGlfw_Shutdown();
  glfwSetKeyCallback(window, nullptr);
  glfwSetWindowUserPointer(window, nullptr);
}
}  // namespace

ImGuiLayer::ImGuiLayer(GlContext& gl) : gl_(gl) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // the same layout every run (tests compare screenshots)
  ImGui::StyleColorsDark();
  ImGui::GetStyle().WindowRounding = 4.0f;
  if (GLFWwindow* window = gl_.glfw_window()) {
    // Ours first: ImGui's backend installs its callbacks next and calls the one it replaced.
    glfwSetWindowUserPointer(window, &keys_);
    glfwSetKeyCallback(window, queue_key);
    if (!ImGui_ImplGlfw_InitForOpenGL(window, true)) {
      glfwSetKeyCallback(window, nullptr);
      glfwSetWindowUserPointer(window, nullptr);
      ImGui::DestroyContext();
      throw std::runtime_error("ImGui's GLFW backend failed to start");
    }
  }
  if (!ImGui_ImplOpenGL3_Init("#version 330 core")) {
    if (GLFWwindow* window = gl_.glfw_window()) shut_down_glfw_backend(window);
    ImGui::DestroyContext();
    throw std::runtime_error("ImGui's OpenGL3 backend failed to start");
  }
}

ImGuiLayer::~ImGuiLayer() {
  ImGui_ImplOpenGL3_Shutdown();
  if (GLFWwindow* window = gl_.glfw_window()) shut_down_glfw_backend(window);
  ImGui::DestroyContext();
}

void ImGuiLayer::new_frame(double dt_s) {
  ImGui_ImplOpenGL3_NewFrame();
  if (gl_.glfw_window()) {
    ImGui_ImplGlfw_NewFrame();
  } else {
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(static_cast<float>(gl_.framebuffer_width()), static_cast<float>(gl_.framebuffer_height()));
    io.DisplayFramebufferScale = ImVec2(1, 1);
    io.DeltaTime = static_cast<float>(dt_s > 0 ? dt_s : 1.0 / 60.0);
  }
  ImGui::NewFrame();
}

void ImGuiLayer::render_draw_data() { ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData()); }

std::vector<NamedRect> ImGuiLayer::visible_windows() const {
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
  std::vector<NamedRect> windows;
  for (const ImGuiWindow* w : g.Windows) {
    if (!w->Active || w->Hidden || (w->Flags & ImGuiWindowFlags_ChildWindow)) continue;
    windows.push_back({{w->Pos.x * scale.x, w->Pos.y * scale.y, w->Size.x * scale.x, w->Size.y * scale.y}, w->Name});
  }
  return windows;
}

}  // namespace satlab
