// The box blur's parameters (its folder: core/src/filters/box_blur/).
#pragma once

#include "sat/filter_image.h"

namespace sat {

// cv::blur(src, dst, Size(kernel_width, kernel_height), Point(-1,-1), border): bit-exact, any
// kernel size ≥ 1 (also larger than the image), 1, 3 or 4 channels.
struct BoxBlurParams {
  static constexpr int catalog_rank = 10;  // where menus and help list it (ascending)
  int kernel_width = 3;
  int kernel_height = 3;
  Border border = Border::Reflect101;
};

}  // namespace sat
