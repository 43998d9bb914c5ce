// RGB / RGBA (red first) → gray on the device, on `stream`: gray_formula.h's formula with red and
// blue read from their places. satcore's own device conversion (sat::Detector on a colour frame)
// reads blue first, so BGR, BGRx and BGRA need no kernel of their own.
#pragma once

#include <cuda_runtime_api.h>

#include "sat/filter_params.h"

namespace sat_gst {

// `packed`: 3 or 4 channels, R G B first; `gray`: 1 channel of its size.
void red_first_to_gray_device(sat::ConstImage8 packed, sat::Image8 gray, cudaStream_t stream);

}  // namespace sat_gst
