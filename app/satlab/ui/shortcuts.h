// Keyboard shortcuts: one table, read by the handler and by the help overlay.
#pragma once

#include <vector>

#include "display/view_state.h"
#include "state/ui_state.h"

namespace satlab {

enum class Action {
  Help,
  ClosePopups,
  TogglePanels,
  Pause,
  Fit,
  ActualSize,
  ZoomIn,
  ZoomOut,
  DividerLeft,
  DividerRight,
  NextFilter,
  PreviousFilter,
  NextAlgorithm,
  Smaller,
  Larger,
  Screenshot,
  Record,
  Compare,
  Quit,
};

struct Shortcut {
  int key;           // GLFW key code (ImGui 1.86 indexes its key state by the backend's codes)
  const char* keys;  // as the help overlay shows it
  Action action;
  const char* what;  // empty: an alias of the line before (not listed again)
};

extern const Shortcut kShortcuts[];
extern const int kShortcutCount;

// Acts on every key pressed since the last frame (ui/key_queue.h), in order: two taps of Tab
// between two frames toggle the panels twice. The caller skips this while ImGui wants the
// keyboard (a text field has focus). N and P step through `menu` (scenes/registry.h: filter_menu).
void apply_shortcuts(const std::vector<int>& pressed_keys, UiState& ui, ViewState& view, const FilterMenu& menu,
                     bool cuda_available);

// Steps the size parameters of the shown filter (ui/live_range.h: is_size; the box's kernel
// width and height, a block, a window, a radius) by ±2, each within its range and at most
// 2 × kLiveSizeCap + 1; a step that would leave that range leaves the parameter as it is.
void step_filter_size(FilterSettings& filter, int direction);

}  // namespace satlab
