// The controls: source picker, filter and its parameters, SAT algorithm and tile, view, pixel
// inspector, captures and the latest messages. Edits UiState; reads UiStatus.
#pragma once

#include "display/view_state.h"
#include "state/ui_state.h"

namespace satlab {

// Fills `rect` (ui/layout.h): the settings scroll, the newest messages stay in view below them.
void draw_control_panel(UiState& ui, ViewState& view, const UiStatus& status, const RectF& rect);

}  // namespace satlab
