// Where the panels go (ImGui 1.86 has no docking): controls on the left, timings along the
// bottom, the image in the rest. Screen coordinates (ImGui's), set with FirstUseEver so the user
// may move the panels.
#pragma once

#include "display/view_state.h"

namespace satlab {

inline constexpr float kControlPanelWidth = 370.0f;
inline constexpr float kTimingPanelHeight = 250.0f;

// The area the image is fitted into: beside the controls and above the timings while the panels
// are shown, the whole display otherwise.
inline RectF image_area(float display_width, float display_height, bool panels_shown) {
  if (!panels_shown) return {0, 0, display_width, display_height};
  return {kControlPanelWidth, 0, display_width - kControlPanelWidth, display_height - kTimingPanelHeight};
}

}  // namespace satlab
