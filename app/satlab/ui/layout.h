// Where the panels go (ImGui 1.86 has no docking), computed from the current display size every
// frame so that everything fits the window at any size (800x600 and up): the controls on the
// left, the timings along the bottom (beside a scene's own window at the bottom right, e.g. the
// detect scene's Detection window), a strip along the top of the image for the banners (so they
// do not cover the picture), the image in the rest: by default no window covers the banners or the
// image. Screen coordinates (ImGui's).
#pragma once

#include <algorithm>

#include "display/view_state.h"

namespace satlab {

inline constexpr float kControlPanelWidth = 370.0f;  // at most; narrower windows get less
inline constexpr float kTimingPanelHeight = 250.0f;  // at most; the header and eight rows need ~230

struct PanelLayout {
  RectF controls, timings;  // zero size while the panels are hidden
  RectF scene;              // the scene's own window, right of the timings; zero size without one
  RectF banners;            // the strip above the image; zero height without a banner
  RectF image;              // the area the image is fitted into
};

// `banner_height`: what the banners need (0: none shown). `scene_width`: the width the scene's own
// window asks for (0: none), at most half of the timings' strip.
inline PanelLayout panel_layout(float display_width, float display_height, bool panels_shown, float banner_height = 0,
                                float scene_width = 0) {
  PanelLayout l;
  float left = 0, bottom = display_height;
  if (panels_shown) {
    const float controls_w = std::clamp(0.42f * display_width, 0.0f, kControlPanelWidth);
    const float timings_h = std::clamp(0.42f * display_height, 0.0f, kTimingPanelHeight);
    l.controls = {0, 0, controls_w, display_height};
    const float strip_w = display_width - controls_w;
    const float scene_w = std::clamp(scene_width, 0.0f, 0.5f * strip_w);
    l.timings = {controls_w, display_height - timings_h, strip_w - scene_w, timings_h};
    if (scene_w > 0) l.scene = {display_width - scene_w, display_height - timings_h, scene_w, timings_h};
    left = controls_w;
    bottom = display_height - timings_h;
  }
  const float strip = std::min(banner_height, 0.5f * bottom);
  l.banners = {left, 0, display_width - left, strip};
  l.image = {left, strip, display_width - left, bottom - strip};
  return l;
}

// The area the image is fitted into (see panel_layout).
inline RectF image_area(float display_width, float display_height, bool panels_shown, float banner_height = 0) {
  return panel_layout(display_width, display_height, panels_shown, banner_height).image;
}

}  // namespace satlab
