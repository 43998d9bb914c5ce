// CPU twins of color_kernels.h (same results, host images): used by the CPU pipeline and to
// check the kernels.
#pragma once

#include "sat/filters.h"

namespace satlab {

void bgr_to_bgra_cpu(sat::ConstImage8 bgr, sat::Image8 bgra);
void to_rgba_cpu(sat::ConstImage8 src, sat::Image8 rgba);

}  // namespace satlab
