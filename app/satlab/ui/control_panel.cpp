#include "ui/control_panel.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <optional>
#include <string>

#include "sat/filter_spec.h"
#include "ui/counted.h"
#include "ui/filter_controls.h"
#include "ui/window_level_controls.h"

namespace satlab {

namespace {

const ImVec4 kWarning(1.0f, 0.75f, 0.3f, 1.0f);
const ImVec4 kError(1.0f, 0.4f, 0.35f, 1.0f);
const ImVec4 kDim(0.65f, 0.65f, 0.65f, 1.0f);

void source_section(UiState& ui, const UiStatus& status) {
  if (status.source_unused) {
    ImGui::PushStyleColor(ImGuiCol_Text, kWarning);
    ImGui::TextWrapped("the shadow demo draws its own scene: the source is not shown");
    ImGui::PopStyleColor();
  }
  ImGui::TextWrapped("%s", status.source_name.c_str());
  if (status.frame_width > 0)
    ImGui::TextColored(kDim, "%dx%d, %s received%s", status.frame_width, status.frame_height,
                       counted(status.frames_received, "frame").c_str(), ui.paused ? " (paused)" : "");
  int choice = static_cast<int>(ui.source_choice);
  ImGui::RadioButton("synthetic", &choice, 0);
  ImGui::SameLine();
  ImGui::RadioButton("camera", &choice, 1);
  ImGui::SameLine();
  ImGui::RadioButton("file", &choice, 2);
  ImGui::SameLine();
  ImGui::RadioButton("raw", &choice, 3);
  ui.source_choice = static_cast<UiState::SourceChoice>(choice);
  switch (ui.source_choice) {
    case UiState::SourceChoice::Synthetic:
      ImGui::InputInt2("size", ui.synthetic_size);
      ui.synthetic_size[0] = std::clamp(ui.synthetic_size[0], 16, 4096);
      ui.synthetic_size[1] = std::clamp(ui.synthetic_size[1], 16, 4096);
      if (ImGui::Button("show synthetic scene"))
        ui.open_source = SourceSpec::synthetic(ui.synthetic_size[0], ui.synthetic_size[1]);
      break;
    case UiState::SourceChoice::Camera:
      ImGui::InputInt("index", &ui.camera_index);
      ui.camera_index = std::clamp(ui.camera_index, 0, 63);
      if (ImGui::Button("open camera")) ui.open_source = SourceSpec::camera(ui.camera_index);
      break;
    case UiState::SourceChoice::File: {
      const bool enter = ImGui::InputTextWithHint("##path", "image or video, e.g. assets/sample.png", &ui.path,
                                                  ImGuiInputTextFlags_EnterReturnsTrue);
      ImGui::SameLine();
      if ((ImGui::Button("open") || enter) && !ui.path.empty())
        ui.open_source = ui.path.rfind("gst:", 0) == 0 ? SourceSpec::gst(ui.path.substr(4)) : SourceSpec::file(ui.path);
      ImGui::Checkbox("preload videos", &ui.preload);
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("decode the whole video into memory when it opens, then play it from there");
      break;
    }
    case UiState::SourceChoice::RawVideo: {
      ImGui::InputInt2("frame size", ui.raw_size);
      ui.raw_size[0] = std::clamp(ui.raw_size[0], 1, kMaxRawVideoSide);
      ui.raw_size[1] = std::clamp(ui.raw_size[1], 1, kMaxRawVideoSide);
      const bool enter =
          ImGui::InputTextWithHint("##raw", "raw BGR24 file path", &ui.path, ImGuiInputTextFlags_EnterReturnsTrue);
      ImGui::SameLine();
      if ((ImGui::Button("open") || enter) && !ui.path.empty())
        ui.open_source = SourceSpec::raw_video(ui.raw_size[0], ui.raw_size[1], ui.path);
      ImGui::TextColored(kDim, "ffmpeg -i in.mp4 -f rawvideo -pix_fmt bgr24 out.bgr");
      break;
    }
  }
  ImGui::Checkbox("pause (Space)", &ui.paused);
  ImGui::SameLine();
  ImGui::Checkbox("videos unpaced", &ui.video_fast);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("play videos as fast as possible instead of at their frame rate");
}

// Whether an image filter's entry cannot run on the 16-bit source: its catalog entry does not list
// 16-bit samples (none can; the other scenes read the source as 8 bits).
bool refuses_16_bits(const MenuEntry& entry, const UiStatus& status) {
  if (status.sample_bits <= 8 || !entry.filter || !is_catalog_filter(*entry.filter)) return false;
  return !sat::takes_samples(sat::filter_catalog()[catalog_index(*entry.filter)], sat::SampleType::U16);
}

void filter_section(UiState& ui, const UiStatus& status) {
  SceneSettings& shown = ui.settings;
  FilterSettings& f = shown.filter;
  const FilterMenu& menu = *status.menu;
  if (ImGui::BeginCombo("filter", menu.shown(shown).name.c_str())) {
    for (const MenuEntry& entry : menu.entries()) {
      // Listed but not chosen on a 16-bit source: satcore would refuse its samples.
      const bool refused = refuses_16_bits(entry, status);
      const std::string label = refused ? entry.name + " (8-bit only)" : entry.name;
      if (ImGui::Selectable(label.c_str(), &entry == &menu.shown(shown), refused ? ImGuiSelectableFlags_Disabled : 0))
        show(entry, shown);
      if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip("%s",
                          refused ? "takes 8-bit images only; this source has 16-bit samples" : entry.tooltip.c_str());
    }
    ImGui::EndCombo();
  }
  if (!shows_image_filter(shown)) {  // a scene of its own: its controls, from its folder
    if (status.scene_controls && status.scene == shown.scene) status.scene_controls(shown);
    return;
  }
  sat::FilterSpec* spec = f.spec();
  if (!spec) {
    ImGui::TextColored(kDim, "the input as it is (convert + display only)");
    return;
  }
  // The variable blur's generated radius map follows a click on the image (ui_state.h: aim_focus).
  draw_filter_params(*spec, ui.box_square, focus_follows_click(f) ? "generated; click the image: focus" : nullptr);
}

void sat_section(UiState& ui, const UiStatus& status) {
  sat::Options& sat = ui.settings.sat;
  const bool cpu = ui.backend == sat::Backend::Cpu;
  const char* current = cpu ? "CPU backend (all cores)" : sat::to_string(sat.algorithm);
  if (ImGui::BeginCombo("algorithm", current)) {
    for (sat::Algorithm algorithm : sat::kAllAlgorithms) {
      const bool selected = !cpu && algorithm == sat.algorithm;
      if (ImGui::Selectable(sat::to_string(algorithm), selected,
                            status.cuda_available ? 0 : ImGuiSelectableFlags_Disabled)) {
        if (sat.algorithm != algorithm) sat.tile = 0;
        sat.algorithm = algorithm;
        if (cpu) {
          ui.backend = sat::Backend::Cuda;
          ui.backend_changed = true;
        }
      }
    }
    if (ImGui::Selectable("CPU backend (all cores)", cpu) && !cpu) {
      ui.backend = sat::Backend::Cpu;
      ui.backend_changed = true;
    }
    ImGui::EndCombo();
  }
  if (!status.cuda_available && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", status.cuda_problem.c_str());
  const bool tiled = !cpu && sat::is_tiled(sat.algorithm);
  ImGui::BeginDisabled(!tiled);
  ImGui::TextUnformatted("tile W");
  ImGui::SameLine();
  ImGui::RadioButton("default", &sat.tile, 0);
  for (int w : sat::kTileSizes) {
    ImGui::SameLine();
    ImGui::RadioButton(std::to_string(w).c_str(), &sat.tile, w);
  }
  ImGui::EndDisabled();
  ImGui::PushStyleColor(ImGuiCol_Text, kDim);
  ImGui::TextWrapped("running: %s%s%s", sat::to_string(status.backend),
                     status.display_path.empty() ? "" : ", display by ", status.display_path.c_str());
  ImGui::PopStyleColor();
  if (!status.interop_problem.empty() && status.backend == sat::Backend::Cuda) {
    ImGui::TextColored(kDim, "(interop off)");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", status.interop_problem.c_str());
  }
}

void view_section(ViewState& view, const UiStatus& status) {
  if (ImGui::Button("fit (F)")) view.fit();
  ImGui::SameLine();
  if (ImGui::Button("1:1 (1)")) view.set_zoom(1.0f);
  ImGui::SameLine();
  float zoom = view.zoom();
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (ImGui::SliderFloat("##zoom", &zoom, ViewState::kMinZoom, ViewState::kMaxZoom, "zoom %.3g",
                         ImGuiSliderFlags_Logarithmic))
    view.set_zoom(zoom);
  float divider = view.divider();
  if (ImGui::SliderFloat("divider", &divider, 0.0f, 1.0f, "%.2f")) view.set_divider(divider);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("left of the divider: the input; right: the filter's output");

  if (status.inspected && status.inspected->bits > 8) {
    // A 16-bit frame: the samples themselves (P010: its 10-bit values), not the bytes shown.
    const InspectedPixel& p = *status.inspected;
    if (p.deep)
      ImGui::Text("pixel (%d, %d)  in %5u  out %5u (%d-bit)", p.x, p.y, unsigned(p.deep->input),
                  unsigned(p.deep->output), p.bits);
    else
      ImGui::Text("pixel (%d, %d)  reading %d-bit values...", p.x, p.y, p.bits);
  } else if (status.inspected) {
    const InspectedPixel& p = *status.inspected;
    ImGui::Text("pixel (%d, %d)  in  B %3d G %3d R %3d", p.x, p.y, p.before[0], p.before[1], p.before[2]);
    if (p.after_channels == 1)
      ImGui::Text("          out gray %3d", p.after[0]);
    else if (p.after_channels == 3)
      ImGui::Text("          out B %3d G %3d R %3d", p.after[0], p.after[1], p.after[2]);
  } else {
    ImGui::TextColored(kDim, "pixel inspector: hover over the image");
  }
}

// The actions and the keys' reminder: one row of buttons, outside the settings' scrolling, so
// they are always in view.
void capture_row(UiState& ui, const UiStatus& status) {
  if (ImGui::Button("screenshot (S)")) ui.take_screenshot = true;
  ImGui::SameLine();
  if (ImGui::Button(status.recording ? "stop rec (R)" : "record (R)")) ui.toggle_recording = true;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("record the filter's output to a video file");
  ImGui::SameLine();
  if (ImGui::Button("vs CPU (C)")) {
    ui.compare_backends = true;
    ui.show_speedup = true;
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("compare with the CPU backend: timings and outputs");
  if (status.recording) {
    ImGui::PushStyleColor(ImGuiCol_Text, kError);
    ImGui::TextWrapped("REC %s: %s", status.recording_path.c_str(), counted(status.recorded_frames, "frame").c_str());
    ImGui::PopStyleColor();
  }
  ImGui::TextColored(kDim, "F1/H help   Tab hide panels   Q quit");
}

// The log's recent messages, wrapped, in a region of their own that scrolls to the newest one
// whenever one arrives (and otherwise stays where the user scrolled it).
void messages_section(UiState& ui, const UiStatus& status, float height) {
  ImGui::TextUnformatted("Messages");
  if (!ImGui::BeginChild("##messages", ImVec2(0, height), true)) {
    ImGui::EndChild();
    return;
  }
  if (status.log) {
    for (const Message& m : status.log->recent()) {
      const ImVec4 color = m.severity == Severity::Error ? kError : m.severity == Severity::Warning ? kWarning : kDim;
      ImGui::PushStyleColor(ImGuiCol_Text, color);
      ImGui::TextWrapped("[%6.1f s] %s", m.time_s, m.text.c_str());
      ImGui::PopStyleColor();
    }
    const long long total = status.log->total();
    if (total != ui.messages_seen) ImGui::SetScrollHereY(1.0f);
    ui.messages_seen = total;
    if (status.log->recent().empty()) ImGui::TextColored(kDim, "none");
  }
  ImGui::EndChild();
}

}  // namespace

void draw_control_panel(UiState& ui, ViewState& view, const UiStatus& status, const RectF& rect) {
  ImGui::SetNextWindowPos(ImVec2(rect.x, rect.y), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(rect.w, rect.h), ImGuiCond_Always);
  if (!ImGui::Begin("satlab", nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize)) {
    ImGui::End();
    return;
  }
  // From the top: the settings (they scroll when the window is too small for them), the capture
  // buttons and the keys (always in view), the messages (the bottom part, about 5 lines at 720 px,
  // so the newest ones, errors included, never sit below the window's edge). At 1280x720 the
  // settings of every image filter fit without scrolling (tests/app/satlab: run_layout.sh).
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const float frame_line = ImGui::GetFrameHeightWithSpacing();
  const float messages_h = std::max(5 * line, 0.16f * rect.h);
  const float footer_h = frame_line + line * (status.recording ? 3 : 2) + ImGui::GetStyle().ItemSpacing.y;
  const float settings_h = ImGui::GetContentRegionAvail().y - messages_h - line - footer_h;
  if (ImGui::BeginChild("##settings", ImVec2(0, std::max(settings_h, 4 * line)))) {
    ImGui::PushItemWidth(-110);
    if (ImGui::CollapsingHeader("Source", ImGuiTreeNodeFlags_DefaultOpen)) source_section(ui, status);
    if (ImGui::CollapsingHeader("Filter", ImGuiTreeNodeFlags_DefaultOpen)) filter_section(ui, status);
    if (ImGui::CollapsingHeader("Summed-area table", ImGuiTreeNodeFlags_DefaultOpen)) sat_section(ui, status);
    if (status.sample_bits > 8 && shows_image_filter(ui.settings) &&
        ImGui::CollapsingHeader("16-bit display", ImGuiTreeNodeFlags_DefaultOpen))
      draw_window_level_controls(ui.settings.window_level, status);
    if (ImGui::CollapsingHeader("View", ImGuiTreeNodeFlags_DefaultOpen)) view_section(view, status);
    ImGui::PopItemWidth();
    ui.settings_hidden_px = ImGui::GetScrollMaxY();
  }
  ImGui::EndChild();
  ImGui::Separator();
  capture_row(ui, status);
  messages_section(ui, status, ImGui::GetContentRegionAvail().y - line);
  ImGui::End();
}

}  // namespace satlab
