#include "scenes/shadows/orbit_control.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

namespace satlab {

namespace {
constexpr float kRadiansPerPixel = 0.008f;
constexpr float kDegreesPerPixel = 0.4f;
}  // namespace

void OrbitControl::update(const ViewState& view, bool divider_dragged, shadows::OrbitCamera& camera,
                          ShadowSettings& settings) {
  const ImGuiIO& io = ImGui::GetIO();
  if (!ImGui::IsMouseDown(ImGuiMouseButton_Left) && !ImGui::IsMouseDown(ImGuiMouseButton_Right)) drag_ = Drag::None;
  const ImVec2 scale = io.DisplayFramebufferScale;
  const Vec2f mouse{io.MousePos.x * scale.x, io.MousePos.y * scale.y};
  const bool over_image = ImGui::IsMousePosValid() && !io.WantCaptureMouse && view.image_rect().contains(mouse);
  if (over_image) {
    if (io.MouseWheel != 0.0f) camera.zoom(std::pow(0.9f, io.MouseWheel));
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left) && !divider_dragged) drag_ = Drag::Camera;
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Right)) drag_ = Drag::Light;
  }
  if (divider_dragged && drag_ == Drag::Camera) drag_ = Drag::None;
  const ImVec2 d = io.MouseDelta;
  if (drag_ == Drag::Camera) camera.rotate(-d.x * kRadiansPerPixel, d.y * kRadiansPerPixel);
  if (drag_ == Drag::Light) {
    settings.animate_light = false;
    settings.light_azimuth_deg = std::fmod(settings.light_azimuth_deg - d.x * kDegreesPerPixel + 360.0f, 360.0f);
    settings.light_elevation_deg = std::clamp(settings.light_elevation_deg - d.y * kDegreesPerPixel, 5.0f, 90.0f);
  }
  if (drag_ != Drag::None) ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeAll);
}

}  // namespace satlab
