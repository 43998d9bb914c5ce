#include "ui/speedup_panel.h"

#include <imgui.h>

#include <string>

#include "ui/comparison_text.h"

namespace satlab {

namespace {

void ratio_cell(double cpu_ms, double gpu_ms) {
  if (gpu_ms > 0 && cpu_ms > 0)
    ImGui::Text("%8.1fx", cpu_ms / gpu_ms);
  else
    ImGui::TextDisabled("       -");
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
    ImGui::TextWrapped("The CUDA backend is not running (%s): the CPU backend against OpenCV.",
                       status.cuda_available ? "CPU backend selected" : status.cuda_problem.c_str());
    if (c && c->valid && c->cpu_only) {
      ImGui::TextWrapped("%dx%d, %s", c->width, c->height, c->what.c_str());
      ImGui::TextWrapped("%s", cpu_speed_line(*c).c_str());
      ImGui::TextWrapped("OpenCV: %s", opencv_relation_line(*c).c_str());
      ImGui::TextWrapped("%s", cpu_threads_line(*c).c_str());
    } else {
      ImGui::TextUnformatted("measuring ...");
    }
  } else if (!c || !c->valid) {
    ImGui::TextUnformatted("measuring ...");
  } else {
    ImGui::TextWrapped("%dx%d, %s", c->width, c->height, c->what.c_str());
    ImGui::TextWrapped("%s", cpu_threads_line(*c).c_str());
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV;
    // The filter itself (table + pass), the GPU against the CPU baselines: OpenCV first.
    if (ImGui::BeginTable("filter", 3, flags)) {
      ImGui::TableSetupColumn("filter (SAT + pass)");
      ImGui::TableSetupColumn("ms");
      ImGui::TableSetupColumn("GPU speed-up");
      ImGui::TableHeadersRow();
      const double gpu_ms = filter_ms(c->gpu);
      const auto row = [&](const std::string& who, double ms, bool ratio) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(who.c_str());
        ImGui::TableNextColumn();
        if (ms > 0)
          ImGui::Text("%8.3f", ms);
        else
          ImGui::TextDisabled("       -");
        ImGui::TableNextColumn();
        if (ratio) ratio_cell(ms, gpu_ms);
      };
      row("GPU (satcore CUDA)", gpu_ms, false);
      row(c->opencv.op.empty() ? std::string("OpenCV CPU: none") : "OpenCV CPU: " + c->opencv.op, c->opencv.ms, true);
      row("satcore CPU", filter_ms(c->cpu), true);
      ImGui::EndTable();
    }
    ImGui::TextWrapped("OpenCV: %s", opencv_relation_line(*c).c_str());
    if (ImGui::BeginTable("speedup", 4, flags)) {
      ImGui::TableSetupColumn("stage");
      ImGui::TableSetupColumn("GPU ms");
      ImGui::TableSetupColumn("satcore CPU ms");
      ImGui::TableSetupColumn("GPU speed-up");
      ImGui::TableHeadersRow();
      for (int s = 0; s < kStageCount; ++s) {
        const auto stage = static_cast<Stage>(s);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(to_string(stage));
        ImGui::TableNextColumn();
        ImGui::Text("%8.3f", c->gpu[stage].ms);
        ImGui::TableNextColumn();
        if (stage == Stage::Upload)
          ImGui::TextDisabled("   (none)");
        else
          ImGui::Text("%8.3f", c->cpu[stage].ms);
        ImGui::TableNextColumn();
        ratio_cell(c->cpu[stage].ms, c->gpu[stage].ms);
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
    if (c->differing_pixels == 0)
      ImGui::TextColored(ImVec4(0.5f, 0.9f, 0.5f, 1), "outputs bit-identical");
    else
      ImGui::TextColored(ImVec4(1, 0.4f, 0.35f, 1), "outputs differ in %lld pixels", c->differing_pixels);
    ImGui::TextDisabled("CPU display = RGBA conversion only (no texture upload)");
  }
  if (ImGui::Button("measure again (C)")) ui.compare_backends = true;
  ImGui::End();
}

}  // namespace satlab
