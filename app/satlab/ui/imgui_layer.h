// Dear ImGui's context and backends, set up and torn down in the order of ImGui's
// example_glfw_opengl3: GLFW backend when there is a window, otherwise the display size and
// time step are fed by hand (headless); the OpenGL3 backend draws in both cases.
#pragma once

#include <vector>

#include "display/gl_context.h"
#include "display/view_state.h"
#include "ui/key_queue.h"

namespace satlab {

class ImGuiLayer {
 public:
  explicit ImGuiLayer(GlContext& gl);
  ~ImGuiLayer();
  ImGuiLayer(const ImGuiLayer&) = delete;
  ImGuiLayer& operator=(const ImGuiLayer&) = delete;

  void new_frame(double dt_s);  // backends' NewFrame, then ImGui::NewFrame
  void render_draw_data();      // after ImGui::Render, into the bound framebuffer

  // The windows drawn this frame (after ImGui::Render), framebuffer pixels.
  std::vector<NamedRect> visible_windows() const;

  // Every key pressed since the last call (none headless). Call once per frame, after new_frame().
  std::vector<int> take_key_presses() { return keys_.take(); }

 private:
  GlContext& gl_;
  KeyQueue keys_;  // filled by the GLFW key callback, which ImGui's backend callback chains to
};

}  // namespace satlab
