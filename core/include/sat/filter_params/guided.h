// The guided filter's parameters (its folder: core/src/filters/guided/).
#pragma once

#include "sat/filter_image.h"

namespace sat {

// Guided filter (He, Sun, Tang, "Guided Image Filtering", TPAMI 2013), as
// cv::ximgproc::guidedFilter(guide, src, dst, radius, eps, -1) on 8-bit images: windows of
// (2·radius + 1)², eps in squared gray levels (the images are not rescaled to [0, 1]). The image
// guides itself: a gray image its own gray guide, a colour image its colour (3-channel) guide,
// unless guide = Gray (a colour image guided by its gray version: faster, less edge-aware).
enum class GuideKind { Self, Gray };
struct GuidedParams {
  static constexpr int catalog_rank = 50;  // where menus and help list it (ascending)
  int radius = 8;                          // ≥ 1
  double eps = 400.0;                      // > 0, squared gray levels (400 = a step of 20 gray levels is an edge)
  GuideKind guide = GuideKind::Self;
};

}  // namespace sat
