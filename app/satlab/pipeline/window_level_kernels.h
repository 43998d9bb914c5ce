// The GPU side of the 16-bit display (window_level.h): the automatic range, the window/level
// mapping into a display target's surface, and P010's words shifted down to their values. All
// asynchronous on `stream`; launch failures throw sat::Error. CPU twins: window_level.h,
// sources/deep_frame.h.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "pipeline/window_level_math.h"
#include "sat/filters.h"

namespace satlab {

// The smallest and largest sample of the one-channel 16-bit device image into range[0] and
// range[1] (two words of device memory), computed on the GPU so that the mapping reads them
// there, with no round trip through the host.
void frame_range_gpu(sat::ConstImage16 image, uint32_t* range, cudaStream_t stream);

// The one-channel 16-bit device image through the mapping into the RGBA8 surface (gray g →
// g,g,g,255): with `range` (device memory, frame_range_gpu's) its min..max as range_of makes them
// usable, without it `fixed`.
void window_level_surface_gpu(sat::ConstImage16 src, const uint32_t* range, SampleRange fixed, cudaSurfaceObject_t rgba,
                              cudaStream_t stream);

// dst = src >> shift, sample by sample (P010's luma words to their 10-bit values).
void unshift_samples_gpu(sat::ConstImage16 src, int shift, sat::Image16 dst, cudaStream_t stream);

}  // namespace satlab
