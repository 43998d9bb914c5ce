#include "ui/help_overlay.h"

#include <imgui.h>

#include "ui/shortcuts.h"

namespace satlab {

void draw_help_overlay(bool& open) {
  if (!open) return;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(0.5f * display.x, 0.5f * display.y), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowBgAlpha(0.92f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoMove;
  if (!ImGui::Begin("Help", &open, flags)) {
    ImGui::End();
    return;
  }
  ImGui::TextUnformatted("satlab: live summed-area-table filters (CUDA -> OpenGL -> Dear ImGui)");
  ImGui::Separator();
  if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg)) {
    for (int i = 0; i < kShortcutCount; ++i) {
      if (!*kShortcuts[i].what) continue;  // an alias of the line before
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(kShortcuts[i].keys);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(kShortcuts[i].what);
    }
    const char* const mouse[][2] = {{"wheel", "zoom about the cursor"},
                                    {"left drag", "pan the image"},
                                    {"left click", "variable blur (focus, tilt-shift): move the focus there"},
                                    {"drag the divider", "move the before/after split"},
                                    {"hover", "pixel inspector (in the controls)"},
                                    {"shadow demo: left drag", "orbit the camera (wheel: closer, farther)"},
                                    {"shadow demo: right drag", "move the light (stops its animation)"}};
    for (const auto& row : mouse) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(row[0]);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(row[1]);
    }
    ImGui::EndTable();
  }
  ImGui::Separator();
  ImGui::TextDisabled("satlab --help lists the command-line options");
  ImGui::End();
}

}  // namespace satlab
