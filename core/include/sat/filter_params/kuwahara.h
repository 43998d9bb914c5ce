// The Kuwahara filter's parameters (its folder: core/src/filters/kuwahara/).
#pragma once

#include "sat/filter_image.h"

namespace sat {

// Kuwahara filter: each pixel takes the mean of the least-variant of the four (radius + 1)²
// quadrants that have it as a corner (variance of the gray value; colour means per channel,
// rounded half up), reflect-101 border. Ties go to the first of top-left, top-right, bottom-left,
// bottom-right. Channels kept.
struct KuwaharaParams {
  static constexpr int catalog_rank = 80;  // where menus and help list it (ascending)
  int radius = 4;                          // 1 … 1024
};

}  // namespace sat
