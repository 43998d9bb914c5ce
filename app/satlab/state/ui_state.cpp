#include "state/ui_state.h"

#include <algorithm>
#include <cstdio>

namespace satlab {

std::string panel_lines(const UiState& ui) {
  char text[64];
  std::snprintf(text, sizeof text, "settings_hidden %.0f\n", ui.show_panels ? ui.settings_hidden_px : 0.0f);
  return text;
}

void show_running_source(UiState& ui, const SourceSpec& running) {
  switch (running.kind) {
    case SourceSpec::Kind::Default:  // never running: the controller resolves it
    case SourceSpec::Kind::Synthetic:
      ui.source_choice = UiState::SourceChoice::Synthetic;
      ui.synthetic_size[0] = running.width;
      ui.synthetic_size[1] = running.height;
      break;
    case SourceSpec::Kind::Camera:
      ui.source_choice = UiState::SourceChoice::Camera;
      ui.camera_index = running.camera_index;
      break;
    case SourceSpec::Kind::File:
      ui.source_choice = UiState::SourceChoice::File;
      ui.path = running.path;
      break;
    case SourceSpec::Kind::Gst:  // the file field takes "gst:PIPELINE" too
      ui.source_choice = UiState::SourceChoice::File;
      ui.path = to_string(running);
      break;
    case SourceSpec::Kind::RawVideo:
      ui.source_choice = UiState::SourceChoice::RawVideo;
      ui.raw_size[0] = running.width;
      ui.raw_size[1] = running.height;
      ui.path = running.path;
      break;
  }
}

bool focus_follows_click(const FilterSettings& filter) {
  if (filter.kind != filter_kind_of<sat::VariableBlurParams>()) return false;
  const sat::RadiusShape shape = filter.params<sat::VariableBlurParams>().shape;
  return shape == sat::RadiusShape::Focus || shape == sat::RadiusShape::TiltShift;
}

bool aim_focus(FilterSettings& filter, Vec2f image_fraction) {
  if (!focus_follows_click(filter)) return false;
  sat::VariableBlurParams& blur = filter.params<sat::VariableBlurParams>();
  blur.focus_x = std::clamp(static_cast<double>(image_fraction.x), 0.0, 1.0);
  blur.focus_y = std::clamp(static_cast<double>(image_fraction.y), 0.0, 1.0);
  return true;
}

}  // namespace satlab
