#include "ui/shortcuts.h"

#define GLFW_INCLUDE_NONE  // the key codes only
#include <GLFW/glfw3.h>

#include <algorithm>

#include "ui/live_range.h"

namespace satlab {

const Shortcut kShortcuts[] = {
    {GLFW_KEY_F1, "F1, H", Action::Help, "show / hide this help"},
    {GLFW_KEY_H, "", Action::Help, ""},
    {GLFW_KEY_ESCAPE, "Esc", Action::ClosePopups, "close help and the CPU-vs-GPU window"},
    {GLFW_KEY_TAB, "Tab", Action::TogglePanels, "show / hide the panels"},
    {GLFW_KEY_SPACE, "Space", Action::Pause, "pause / resume the source"},
    {GLFW_KEY_F, "F", Action::Fit, "fit the image to the window"},
    {GLFW_KEY_1, "1", Action::ActualSize, "actual size (1:1)"},
    {GLFW_KEY_EQUAL, "+", Action::ZoomIn, "zoom in"},
    {GLFW_KEY_KP_ADD, "", Action::ZoomIn, ""},
    {GLFW_KEY_MINUS, "-", Action::ZoomOut, "zoom out"},
    {GLFW_KEY_KP_SUBTRACT, "", Action::ZoomOut, ""},
    {GLFW_KEY_LEFT, "Left / Right", Action::DividerLeft, "move the before/after divider"},
    {GLFW_KEY_RIGHT, "", Action::DividerRight, ""},
    {GLFW_KEY_N, "N / P", Action::NextFilter, "next / previous filter"},
    {GLFW_KEY_P, "", Action::PreviousFilter, ""},
    {GLFW_KEY_A, "A", Action::NextAlgorithm, "next SAT algorithm (CUDA)"},
    {GLFW_KEY_LEFT_BRACKET, "[ / ]", Action::Smaller, "smaller / larger kernel, block, window or radius"},
    {GLFW_KEY_RIGHT_BRACKET, "", Action::Larger, ""},
    {GLFW_KEY_S, "S", Action::Screenshot, "screenshot (PNG of the window)"},
    {GLFW_KEY_R, "R", Action::Record, "start / stop recording the output"},
    {GLFW_KEY_C, "C", Action::Compare, "compare with the CPU backend (this frame)"},
    {GLFW_KEY_Q, "Q", Action::Quit, "quit"},
};
const int kShortcutCount = static_cast<int>(std::size(kShortcuts));

void step_filter_size(FilterSettings& f, int direction) {
  sat::FilterSpec* spec = f.spec();
  if (!spec) return;
  for (const sat::ParamInfo& param : sat::info_of(*spec).params) {
    if (!is_size(param)) continue;
    // Steps of 2 keep a window's parity (odd windows stay centred); at most twice the sliders' cap.
    const double top = std::min(param.max, 2.0 * kLiveSizeCap + 1);
    const double value = sat::get_param(*spec, param.name) + 2 * direction;
    if (value >= param.min && value <= top) sat::set_param(*spec, param.name, value);
  }
}

namespace {

void apply(Action action, UiState& ui, ViewState& view, const FilterMenu& menu, bool cuda_available) {
  switch (action) {
    case Action::Help:
      ui.show_help = !ui.show_help;
      break;
    case Action::ClosePopups:
      ui.show_help = ui.show_speedup = false;
      break;
    case Action::TogglePanels:
      ui.show_panels = !ui.show_panels;
      break;
    case Action::Pause:
      ui.paused = !ui.paused;
      break;
    case Action::Fit:
      view.fit();
      break;
    case Action::ActualSize:
      view.set_zoom(1.0f);
      break;
    case Action::ZoomIn:
      view.set_zoom(view.zoom() * 1.25f);
      break;
    case Action::ZoomOut:
      view.set_zoom(view.zoom() / 1.25f);
      break;
    case Action::DividerLeft:
      view.set_divider(view.divider() - 0.05f);
      break;
    case Action::DividerRight:
      view.set_divider(view.divider() + 0.05f);
      break;
    case Action::NextFilter:
      menu.show_next(ui.settings);
      break;
    case Action::PreviousFilter:
      menu.show_previous(ui.settings);
      break;
    case Action::NextAlgorithm: {
      if (!cuda_available) break;
      sat::Algorithm& algorithm = ui.settings.sat.algorithm;
      const int count = static_cast<int>(std::size(sat::kAllAlgorithms));
      const auto it = std::find(std::begin(sat::kAllAlgorithms), std::end(sat::kAllAlgorithms), algorithm);
      algorithm = sat::kAllAlgorithms[(static_cast<int>(it - std::begin(sat::kAllAlgorithms)) + 1) % count];
      ui.settings.sat.tile = 0;
      if (ui.backend != sat::Backend::Cuda) {
        ui.backend = sat::Backend::Cuda;
        ui.backend_changed = true;
      }
      break;
    }
    case Action::Smaller:
    case Action::Larger:
      // The shadow demo has no kernel, block or window: the image filter waiting behind it stays.
      if (shows_image_filter(ui.settings)) step_filter_size(ui.settings.filter, action == Action::Larger ? +1 : -1);
      break;
    case Action::Screenshot:
      ui.take_screenshot = true;
      break;
    case Action::Record:
      ui.toggle_recording = true;
      break;
    case Action::Compare:
      ui.compare_backends = true;
      ui.show_speedup = true;
      break;
    case Action::Quit:
      ui.quit = true;
      break;
  }
}

}  // namespace

void apply_shortcuts(const std::vector<int>& pressed_keys, UiState& ui, ViewState& view, const FilterMenu& menu,
                     bool cuda_available) {
  for (const int key : pressed_keys)
    for (const Shortcut& s : kShortcuts)
      if (s.key == key) apply(s.action, ui, view, menu, cuda_available);
}

}  // namespace satlab
