// Status banners over the image: why the CPU backend runs when CUDA was wanted, and recording.
#pragma once

#include "ui/ui_state.h"

namespace satlab {

void draw_banners(const UiStatus& status, bool panels_shown);

}  // namespace satlab
