// CPU vs GPU on the same frame, on demand: both stage times and the speed-up per stage, and
// whether the two backends' outputs are bit-identical.
#pragma once

#include "state/ui_state.h"

namespace satlab {

void draw_speedup_panel(UiState& ui, const UiStatus& status);

}  // namespace satlab
