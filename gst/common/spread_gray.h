// The device twin of frame_planes.h's spread_gray: a gray image written into every colour channel
// of a 4-channel frame in CUDA memory (the 4th channel taken from the frame it was computed from),
// on `stream`.
#pragma once

#include <cuda_runtime_api.h>

#include "sat/filter_params.h"

namespace sat_gst {

void spread_gray_device(sat::ConstImage8 gray, sat::ConstImage8 src, sat::Image8 dst, cudaStream_t stream);

}  // namespace sat_gst
