#include "ui/banner.h"

#include <imgui.h>

#include "ui/layout.h"

namespace satlab {

void draw_banners(const UiStatus& status, bool panels_shown) {
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                                 ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoMove;
  const float left = panels_shown ? kControlPanelWidth + 10 : 10;
  float top = 10;
  if (!status.banner.empty()) {
    ImGui::SetNextWindowPos(ImVec2(left, top), ImGuiCond_Always);
    ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.55f, 0.12f, 0.1f, 0.92f));
    if (ImGui::Begin("##cpu-banner", nullptr, flags)) {
      ImGui::TextUnformatted(status.banner.c_str());  // says "..., using the CPU backend"
      top += ImGui::GetWindowHeight() + 6;
    }
    ImGui::End();
    ImGui::PopStyleColor();
  }
  if (status.recording) {
    ImGui::SetNextWindowPos(ImVec2(left, top), ImGuiCond_Always);
    if (ImGui::Begin("##rec-banner", nullptr, flags))
      ImGui::TextColored(ImVec4(1, 0.3f, 0.3f, 1), "REC  %d frames -> %s", status.recorded_frames,
                         status.recording_path.c_str());
    ImGui::End();
  }
}

}  // namespace satlab
