// The variable-radius blur's parameters (its folder: core/src/filters/variable_blur/).
#pragma once

#include "sat/filter_image.h"

namespace sat {

// Variable-radius box blur: pixel (x, y) is the mean of its own (2·r + 1)² box, r = the radius map
// at (x, y), reflect-101 border, rounding as cv::blur's. The radius map is either an image
// (shape Map: one u8 per pixel, clamped to max_radius) or generated from the shape:
//   TiltShift  sharp horizontal band at focus_y, half-height `extent` (fraction of the height);
//              r grows linearly to max_radius at the farther image edge
//   Focus      sharp disc around (focus_x, focus_y), radius `extent` (fraction of the diagonal);
//              r grows linearly to max_radius at the farthest corner (depth of field)
//   Vignette   as Focus around the image centre: sharp middle, blurred rim
// Distances are between pixel centres; a generated r is rounded half up. Cost per pixel does not
// depend on r. Channels kept (1, 3 or 4).
enum class RadiusShape { TiltShift, Focus, Vignette, Map };
struct VariableBlurParams {
  static constexpr int catalog_rank = 70;  // where menus and help list it (ascending)
  RadiusShape shape = RadiusShape::TiltShift;
  int max_radius = 16;       // 0 … 1024
  double focus_x = 0.5;      // 0 … 1, fraction of the width
  double focus_y = 0.5;      // 0 … 1, fraction of the height
  double extent = 0.15;      // 0 … 1
  ConstImage8 radius_map{};  // shape Map: 1 channel, the image's size, same memory as the image
};

}  // namespace sat
