// The shadow demo's controls in the control panel (ImGui): the techniques, the map and table, the
// box, the light; they edit its settings.
#pragma once

#include "scenes/shadows/shadow_settings.h"

namespace satlab {

void draw_shadow_controls(ShadowSettings& settings);

}  // namespace satlab
