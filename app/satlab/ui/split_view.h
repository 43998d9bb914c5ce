// Mouse on the image view: the wheel zooms about the cursor, a left drag pans, dragging the
// divider line moves it; the pixel under the cursor feeds the pixel inspector. Draws the divider
// with the labels of its two sides and, zoomed in, the inspected pixel's outline, on ImGui's
// background draw list (over the image, under the panels). A click on the image (not a drag) is
// reported for the variable blur's focus. Mouse input that ImGui wants (over a
// panel) is left alone.
#pragma once

#include <optional>
#include <utility>

#include "display/view_state.h"
#include "state/scene_settings.h"

namespace satlab {

class SplitView {
 public:
  // Returns the image pixel (x, y) under the mouse, if any. `navigate` false leaves the wheel and
  // left drags off the divider to the caller (the shadow demo orbits its camera with them).
  // `labels` name the two sides (scene/scene_settings.h: split_labels).
  std::optional<std::pair<int, int>> update(ViewState& view, const SplitLabels& labels, bool navigate = true);
  bool dragging_divider() const { return drag_ == Drag::Divider; }
  // Where the image was clicked in the last update() (ViewState::image_fraction), if it was: only
  // with `navigate`, never on the divider, never at the end of a drag.
  std::optional<Vec2f> clicked() const { return clicked_; }

 private:
  enum class Drag { None, Pan, Divider };
  Drag drag_ = Drag::None;
  std::optional<Vec2f> clicked_;
};

}  // namespace satlab
