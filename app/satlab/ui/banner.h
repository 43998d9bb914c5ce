// Status banners in the strip above the image (ui/layout.h): why the CPU backend runs when CUDA
// was wanted, and recording. Wrapped to the strip's width.
#pragma once

#include "display/view_state.h"
#include "state/ui_state.h"

namespace satlab {

// The strip's height the banners need at `width` (0 when none is shown). After ImGui::NewFrame.
float banner_height(const UiStatus& status, float width);
void draw_banners(const UiStatus& status, const RectF& strip);

}  // namespace satlab
