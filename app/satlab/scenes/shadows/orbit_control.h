// Mouse on the image view in the shadow demo: a left drag orbits the camera, the wheel moves it
// closer or farther, a right drag turns the light (and stops its animation). Mouse input that
// ImGui wants (over a panel) and drags of the split view's divider are left alone.
#pragma once

#include "display/view_state.h"
#include "scenes/shadows/orbit_camera.h"
#include "scenes/shadows/shadow_settings.h"

namespace satlab {

class OrbitControl {
 public:
  void update(const ViewState& view, bool divider_dragged, shadows::OrbitCamera& camera, ShadowSettings& settings);

 private:
  enum class Drag { None, Camera, Light };
  Drag drag_ = Drag::None;
};

}  // namespace satlab
