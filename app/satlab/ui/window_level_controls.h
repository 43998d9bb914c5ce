// The control panel's section for 16-bit sources: the window and level sliders of the mapping to
// the 8-bit display (pipeline/window_level.h) and its auto button; shown only while the source's
// samples are deeper than 8 bits.
#pragma once

#include "state/ui_state.h"

namespace satlab {

void draw_window_level_controls(WindowLevel& settings, const UiStatus& status);

}  // namespace satlab
