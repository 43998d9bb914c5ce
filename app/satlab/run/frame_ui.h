// The UI of one frame, between ImGui's NewFrame and Render (the order of ImGui's
// example_glfw_opengl3): lays the panels out for the window's size, fits the image view into its
// area, takes the mouse (the split view, the scene's own input, the pixel inspector) and the keys
// (shortcuts, none while a text field has the keyboard), and draws the panels, the scene's own
// windows, the banners and the help. It owns ImGui's layer and the image view; the panels edit
// the UiState, which the loop acts on afterwards.
#pragma once

#include "display/gl_context.h"
#include "display/view_state.h"
#include "scenes/scene.h"
#include "sources/source_controller.h"
#include "state/ui_state.h"
#include "ui/imgui_layer.h"
#include "ui/split_view.h"

namespace satlab {

class FrameUi {
 public:
  explicit FrameUi(GlContext& gl) : gl_(gl), imgui_(gl) {}

  ImGuiLayer& imgui() { return imgui_; }
  ViewState& view() { return view_; }

  // The image area of the last layout in framebuffer pixels (a scene that renders its picture
  // sizes it so, before this frame's UI).
  RectF image_area_px(bool panels_shown) const;
  // One frame's UI, ImGui::NewFrame to ImGui::Render. `dt_s`: since the last frame; `status`:
  // this frame's; `scene`, `shown`: the scene and the settings that last worked; `output_w`×
  // `output_h`: the picture's size; `inspect`: whether there is output to inspect under the mouse.
  void build(double dt_s, UiState& ui, UiStatus status, scene::Scene& scene, const SceneSettings& shown, int output_w,
             int output_h, bool inspect, const SourceController& sources);

 private:
  GlContext& gl_;
  ImGuiLayer imgui_;
  ViewState view_;
  SplitView split_view_;
  float banner_height_ = 0;  // of the last frame
};

}  // namespace satlab
