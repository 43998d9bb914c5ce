#include "ui/ui_state.h"

namespace satlab {

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
    case SourceSpec::Kind::RawVideo:
      ui.source_choice = UiState::SourceChoice::RawVideo;
      ui.raw_size[0] = running.width;
      ui.raw_size[1] = running.height;
      ui.path = running.path;
      break;
  }
}

}  // namespace satlab
