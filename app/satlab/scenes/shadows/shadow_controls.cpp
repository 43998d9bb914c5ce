#include "scenes/shadows/shadow_controls.h"

#include <imgui.h>

#include <string>

namespace satlab {

namespace {

const ImVec4 kDim(0.65f, 0.65f, 0.65f, 1.0f);

bool mode_combo(const char* label, ShadowMode* mode) {
  bool changed = false;
  if (ImGui::BeginCombo(label, to_string(*mode))) {
    for (ShadowMode m : kAllShadowModes) {
      if (ImGui::Selectable(to_string(m), m == *mode)) {
        *mode = m;
        changed = true;
      }
    }
    ImGui::EndCombo();
  }
  return changed;
}

}  // namespace

void draw_shadow_controls(ShadowSettings& s) {
  mode_combo("technique", &s.mode);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "right of the divider. hard: one depth test; pcf: box^2 depth tests; savsm: 4 table taps\n"
        "per box; savsm-variable: box from a blocker search (sharp at contact, soft far away)");
  mode_combo("compare with", &s.compare_mode);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("left of the divider");
  ImGui::TextUnformatted("map");
  for (int size : kShadowMapSizes) {
    ImGui::SameLine();
    ImGui::RadioButton(std::to_string(size).c_str(), &s.map_size, size);
  }
  int precision = static_cast<int>(s.precision);
  ImGui::TextUnformatted("table");
  for (MomentPrecision p : kAllMomentPrecisions) {
    ImGui::SameLine();
    ImGui::RadioButton(to_string(p), &precision, static_cast<int>(p));
  }
  s.precision = static_cast<MomentPrecision>(precision);
  if (ImGui::IsItemHovered() || ImGui::IsItemActive())
    ImGui::SetTooltip(
        "fixed32: exact box sums (wrap-around integers). fp32: raw moments, whose small boxes\n"
        "lose precision far from the table's origin (noise, light leaks); fp32-centered: z - 1/2");
  ImGui::BeginDisabled(s.mode == ShadowMode::Hard || s.mode == ShadowMode::SavsmVariable);
  ImGui::SliderInt("box (texels)", &s.box_texels, 1, kMaxBoxTexels);
  ImGui::EndDisabled();
  ImGui::BeginDisabled(s.mode != ShadowMode::SavsmVariable && s.compare_mode != ShadowMode::SavsmVariable);
  ImGui::SliderFloat("light size", &s.light_size_deg, 0.25f, 15.0f, "%.2f deg");
  ImGui::EndDisabled();
  ImGui::SliderFloat("min variance", &s.min_variance, 1e-7f, 1e-3f, "%.1e", ImGuiSliderFlags_Logarithmic);
  ImGui::SliderFloat("bleeding cut", &s.bleeding, 0.0f, 0.95f, "%.2f");
  ImGui::SliderFloat("light azimuth", &s.light_azimuth_deg, 0.0f, 360.0f, "%.0f deg");
  ImGui::SliderFloat("light elevation", &s.light_elevation_deg, 5.0f, 90.0f, "%.0f deg");
  ImGui::Checkbox("animate light", &s.animate_light);
  ImGui::TextColored(kDim, "drag: orbit   wheel: zoom   right drag: light");
}

}  // namespace satlab
