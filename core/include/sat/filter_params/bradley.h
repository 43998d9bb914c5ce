// The Bradley–Roth threshold's parameters (its folder: core/src/filters/bradley/).
#pragma once

#include "sat/filter_image.h"

namespace sat {

// Bradley–Roth: foreground (max_value) iff pixel · count > sum · (100 − t) / 100, over a
// window×window box clipped to the image (count = pixels inside).
struct BradleyParams {
  static constexpr int catalog_rank = 40;  // where menus and help list it (ascending)
  int window = 15;                         // ≥ 1
  double t = 15.0;                         // percent, 0 ≤ t < 100
  uint8_t max_value = 255;
};

}  // namespace sat
