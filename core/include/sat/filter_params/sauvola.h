// The Sauvola threshold's parameters (its folder: core/src/filters/sauvola/).
#pragma once

#include "sat/filter_image.h"

namespace sat {

// scikit-image threshold_sauvola(image, window_size=window, k=k, r=r): T = m·(1 + k·(s/r − 1)),
// mean and population std over a window×window box with reflect-101 padding; r = 0 means the
// default 127.5 (half the 8-bit range). Output: max_value where pixel > T, else 0.
struct SauvolaParams {
  static constexpr int catalog_rank = 30;  // where menus and help list it (ascending)
  int window = 15;                         // odd ≥ 3
  double k = 0.2;                          // 0 < k < 1 (scikit-image allows more; we reject k ≤ 0 or k ≥ 1)
  double r = 0.0;
  uint8_t max_value = 255;
};

}  // namespace sat
