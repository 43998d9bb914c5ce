// The adaptive mean − C threshold's parameters (its folder: core/src/filters/mean_c/).
#pragma once

#include "sat/filter_image.h"

namespace sat {

// cv::adaptiveThreshold(src, dst, max_value, ADAPTIVE_THRESH_MEAN_C, invert ? THRESH_BINARY_INV
// : THRESH_BINARY, block, C): bit-exact; block odd ≥ 3; C may be fractional.
struct MeanCParams {
  static constexpr int catalog_rank = 20;  // where menus and help list it (ascending)
  int block = 11;
  double C = 2.0;
  bool invert = false;
  uint8_t max_value = 255;
};

}  // namespace sat
