#include "ui/banner.h"

#include <imgui.h>

#include <string>

namespace satlab {

namespace {

std::string recording_line(const UiStatus& status) {
  return "REC  " + std::to_string(status.recorded_frames) + " frames -> " + status.recording_path;
}

float padding() { return ImGui::GetStyle().WindowPadding.x; }

float text_height(const std::string& text, float width) {
  return ImGui::CalcTextSize(text.c_str(), nullptr, false, width - 2 * padding()).y;
}

}  // namespace

float banner_height(const UiStatus& status, float width) {
  float height = 0;
  const float gap = ImGui::GetStyle().ItemSpacing.y;
  if (!status.banner.empty()) height += text_height(status.banner, width) + gap;
  if (status.recording) height += text_height(recording_line(status), width) + gap;
  return height > 0 ? height + 2 * ImGui::GetStyle().WindowPadding.y : 0;
}

void draw_banners(const UiStatus& status, const RectF& strip) {
  if (strip.h <= 0) return;
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings |
                                 ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoMove;
  ImGui::SetNextWindowPos(ImVec2(strip.x, strip.y), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(strip.w, strip.h), ImGuiCond_Always);
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.55f, 0.12f, 0.1f, 0.92f));
  if (ImGui::Begin("##banners", nullptr, flags)) {
    if (!status.banner.empty()) ImGui::TextWrapped("%s", status.banner.c_str());  // "..., using the CPU backend"
    if (status.recording) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.75f, 0.75f, 1));
      ImGui::TextWrapped("%s", recording_line(status).c_str());
      ImGui::PopStyleColor();
    }
  }
  ImGui::End();
  ImGui::PopStyleColor();
}

}  // namespace satlab
