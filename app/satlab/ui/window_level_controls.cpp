#include "ui/window_level_controls.h"

#include <imgui.h>

#include <algorithm>

namespace satlab {

namespace {
const ImVec4 kDim(0.65f, 0.65f, 0.65f, 1.0f);
}  // namespace

void draw_window_level_controls(WindowLevel& settings, const UiStatus& status) {
  // While automatic the sliders show the range the frame was shown through (the pipeline's, a
  // frame late on the GPU); moving one takes that range over as a manual one.
  WindowLevel shown = settings;
  if (settings.automatic && status.shown_range) shown = window_level_of(*status.shown_range);
  // The sliders span the source's values: 0..1023 for P010's 10 bits, 0..65535 for 16.
  const int top = (1 << std::clamp(status.sample_bits, 9, 16)) - 1;
  int window = std::clamp(shown.window, 1, top + 1), level = std::clamp(shown.level, 0, top);
  if (ImGui::SliderInt("window", &window, 1, top + 1, "%d", ImGuiSliderFlags_Logarithmic)) {
    settings = shown;
    settings.window = window;
    settings.automatic = false;
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("the samples spread from black to white");
  if (ImGui::SliderInt("level", &level, 0, top)) {
    settings = shown;
    settings.level = level;
    settings.automatic = false;
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("the sample shown mid-gray");
  if (ImGui::Button("auto")) settings.automatic = true;
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("each frame's own range: its darkest sample black, its brightest white");
  ImGui::SameLine();
  const SampleRange range = status.shown_range.value_or(manual_range(settings));
  ImGui::TextColored(kDim, "%s %u..%u of %d-bit samples", settings.automatic ? "auto:" : "manual:", range.low,
                     range.high, status.sample_bits);
}

}  // namespace satlab
