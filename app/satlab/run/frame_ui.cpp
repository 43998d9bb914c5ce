#include "run/frame_ui.h"

#include <imgui.h>

#include "scenes/registry.h"
#include "ui/banner.h"
#include "ui/control_panel.h"
#include "ui/help_overlay.h"
#include "ui/layout.h"
#include "ui/shortcuts.h"
#include "ui/speedup_panel.h"
#include "ui/timing_panel.h"

namespace satlab {

RectF FrameUi::image_area_px(bool panels_shown) const {
  const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
  const float fb_w = static_cast<float>(gl_.framebuffer_width()), fb_h = static_cast<float>(gl_.framebuffer_height());
  const RectF area = image_area(fb_w / scale.x, fb_h / scale.y, panels_shown, banner_height_);
  return {area.x * scale.x, area.y * scale.y, area.w * scale.x, area.h * scale.y};
}

void FrameUi::build(double dt_s, UiState& ui, UiStatus status, scene::Scene& scene, const SceneSettings& shown,
                    int output_w, int output_h, bool inspect, const SourceController& sources) {
  imgui_.new_frame(dt_s);
  const ImGuiIO& io = ImGui::GetIO();
  // Laid out from this frame's display size: the panels follow the window's size.
  const float banner_w = panel_layout(io.DisplaySize.x, io.DisplaySize.y, ui.show_panels).banners.w;
  banner_height_ = banner_height(status, banner_w);
  const PanelLayout layout =
      panel_layout(io.DisplaySize.x, io.DisplaySize.y, ui.show_panels, banner_height_, scene.info().panel_width);
  const RectF& area = layout.image;
  const ImVec2 scale = io.DisplayFramebufferScale;
  view_.update(output_w, output_h, {area.x * scale.x, area.y * scale.y, area.w * scale.x, area.h * scale.y});
  const auto hovered = split_view_.update(view_, split_labels(shown), scene.info().navigates_view);
  scene.view_input(view_, split_view_.dragging_divider(), ui.settings);
  if (const auto click = split_view_.clicked()) aim_focus(ui.settings.filter, *click);
  // Every key pressed since the last frame, even one released before this frame began; none while
  // a text field has the keyboard (the presses are taken either way, so they do not act later).
  const std::vector<int> keys = imgui_.take_key_presses();
  if (!io.WantCaptureKeyboard) apply_shortcuts(keys, ui, view_, *status.menu, status.cuda_available);
  if (hovered && inspect) status.inspected = scene.inspect(hovered->first, hovered->second, sources.host());
  if (ui.show_panels) {
    draw_control_panel(ui, view_, status, layout.controls);
    draw_timing_panel(status, layout.timings);
  }
  ui.scene_panel = layout.scene;
  scene.draw_panels(ui, view_);
  draw_speedup_panel(ui, status);
  draw_help_overlay(ui.show_help);
  draw_banners(status, layout.banners);
  ImGui::Render();
}

}  // namespace satlab
