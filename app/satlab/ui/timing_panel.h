// The timing overlay along the bottom: per-stage GPU times (CUDA events) with rolling plots, CPU
// frame time, FPS, the GPU's name and memory, and what draws the frames.
#pragma once

#include "display/view_state.h"
#include "state/ui_state.h"

namespace satlab {

void draw_timing_panel(const UiStatus& status, const RectF& rect);  // fills `rect` (ui/layout.h)

}  // namespace satlab
