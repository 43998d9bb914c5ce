#include "ui/speedup_panel.h"

#include <imgui.h>

namespace satlab {

namespace {

void ratio_cell(double cpu_ms, double gpu_ms) {
  if (gpu_ms > 0 && cpu_ms > 0) ImGui::Text("%8.1fx", cpu_ms / gpu_ms);
  else ImGui::TextDisabled("       -");
}

}  // namespace

void draw_speedup_panel(UiState& ui, const UiStatus& status) {
  if (!ui.show_speedup) return;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x - 420, 10), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(410, 0), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("CPU vs GPU", &ui.show_speedup)) {
    ImGui::End();
    return;
  }
  const BackendComparison* c = status.comparison;
  if (status.backend != sat::Backend::Cuda) {
    ImGui::TextWrapped("The CUDA backend is not running (%s): nothing to compare with.",
                       status.cuda_available ? "CPU backend selected" : status.cuda_problem.c_str());
  } else if (!c || !c->valid) {
    ImGui::TextUnformatted("measuring ...");
  } else {
    ImGui::TextWrapped("%dx%d, %s", c->width, c->height, c->what.c_str());
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV;
    if (ImGui::BeginTable("speedup", 4, flags)) {
      ImGui::TableSetupColumn("stage");
      ImGui::TableSetupColumn("GPU ms");
      ImGui::TableSetupColumn("CPU ms");
      ImGui::TableSetupColumn("speed-up");
      ImGui::TableHeadersRow();
      for (int s = 0; s < kStageCount; ++s) {
        const auto stage = static_cast<Stage>(s);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(to_string(stage));
        ImGui::TableNextColumn();
        ImGui::Text("%8.3f", c->gpu[stage]);
        ImGui::TableNextColumn();
        if (stage == Stage::Upload) ImGui::TextDisabled("   (none)");
        else ImGui::Text("%8.3f", c->cpu[stage]);
        ImGui::TableNextColumn();
        ratio_cell(c->cpu[stage], c->gpu[stage]);
      }
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted("total");
      ImGui::TableNextColumn();
      ImGui::Text("%8.3f", c->gpu.total());
      ImGui::TableNextColumn();
      ImGui::Text("%8.3f", c->cpu.total());
      ImGui::TableNextColumn();
      ratio_cell(c->cpu.total(), c->gpu.total());
      ImGui::EndTable();
    }
    if (c->differing_pixels == 0) ImGui::TextColored(ImVec4(0.5f, 0.9f, 0.5f, 1), "outputs bit-identical");
    else ImGui::TextColored(ImVec4(1, 0.4f, 0.35f, 1), "outputs differ in %lld pixels", c->differing_pixels);
    ImGui::TextDisabled("CPU display = RGBA conversion only (no texture upload)");
  }
  if (ImGui::Button("measure again (C)")) ui.compare_backends = true;
  ImGui::End();
}

}  // namespace satlab
