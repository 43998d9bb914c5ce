#include "ui/timing_panel.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

namespace satlab {

namespace {

const ImVec4 kDim(0.65f, 0.65f, 0.65f, 1.0f);

void stage_table(const TimingHistory& history, const SeriesLabels& labels) {
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("stages", 4, flags)) return;
  ImGui::TableSetupColumn("stage");
  ImGui::TableSetupColumn("last ms");
  ImGui::TableSetupColumn("median ms");
  ImGui::TableSetupColumn(labels.clock.c_str(), ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableHeadersRow();
  for (int s = 0; s < kSeriesCount; ++s) {
    const auto series = static_cast<Series>(s);
    if (!history.ran(series)) continue;  // a stage this backend does not run
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(labels[series]);
    ImGui::TableNextColumn();
    ImGui::Text("%8.3f", history.latest(series));
    ImGui::TableNextColumn();
    ImGui::Text("%8.3f", history.recent_median(series));
    ImGui::TableNextColumn();
    ImGui::PushID(s);
    ImGui::PlotLines("##plot", history.plot_values(series), history.plot_count(), history.plot_offset(), nullptr, 0.0f,
                     FLT_MAX, ImVec2(std::max(40.0f, ImGui::GetContentRegionAvail().x), 16));
    ImGui::PopID();
  }
  ImGui::EndTable();
}

void device_column(const UiStatus& status) {
  const TimingHistory& history = *status.history;
  ImGui::Text("%.1f FPS", history.recent_fps());
  ImGui::Text("frame (CPU) %.2f ms", history.recent_median(Series::Frame));
  // Loading a video into memory happened before the frames: not in the rows on the left.
  if (!status.source_unused && !status.source_load.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, kDim);
    ImGui::TextWrapped("source load (once): %s", status.source_load.c_str());
    ImGui::PopStyleColor();
  }
  ImGui::Separator();
  if (status.gpu) {
    ImGui::TextWrapped("%s", status.gpu->name.c_str());
    const double total = static_cast<double>(status.gpu->total_bytes);
    const double used = total - static_cast<double>(status.gpu->free_bytes);
    char text[64];
    std::snprintf(text, sizeof text, "%.0f / %.0f MiB", used / (1 << 20), total / (1 << 20));
    ImGui::ProgressBar(total > 0 ? static_cast<float>(used / total) : 0.0f, ImVec2(-FLT_MIN, 0), text);
  } else {
    ImGui::TextColored(kDim, "no GPU in use");
  }
  ImGui::TextColored(kDim, "backend %s", sat::to_string(status.backend));
  ImGui::PushStyleColor(ImGuiCol_Text, kDim);
  if (!status.display_path.empty()) ImGui::TextWrapped("display: %s", status.display_path.c_str());
  ImGui::TextWrapped("%s", status.gl_description.c_str());
  ImGui::PopStyleColor();
}

}  // namespace

void draw_timing_panel(const UiStatus& status, const RectF& rect) {
  ImGui::SetNextWindowPos(ImVec2(rect.x, rect.y), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(rect.w, rect.h), ImGuiCond_Always);
  if (!ImGui::Begin("Timings", nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize)) {
    ImGui::End();
    return;
  }
  if (status.history && ImGui::BeginTable("layout", 2, ImGuiTableFlags_SizingStretchProp)) {
    ImGui::TableSetupColumn("stages", ImGuiTableColumnFlags_WidthStretch, 3.0f);
    ImGui::TableSetupColumn("device", ImGuiTableColumnFlags_WidthStretch, 1.4f);
    ImGui::TableNextColumn();
    stage_table(*status.history, status.series_labels);
    ImGui::TableNextColumn();
    device_column(status);
    ImGui::EndTable();
  }
  ImGui::End();
}

}  // namespace satlab
