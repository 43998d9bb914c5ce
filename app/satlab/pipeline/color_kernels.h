// The pipeline's own GPU kernels (colour conversion and display writes), behind a plain host API.
// All asynchronous on `stream`; launch failures throw sat::Error. CPU twins: color_cpu.h.
#pragma once

#include <cuda_runtime_api.h>

#include "sat/filters.h"

namespace satlab {

// BGR (3 channels) → BGRA (4 channels, alpha 255), same size.
void bgr_to_bgra_gpu(sat::ConstImage8 bgr, sat::Image8 bgra, cudaStream_t stream);

// Gray (1), BGR (3) or BGRA (4 channels) → RGBA8 for display (gray g → g,g,g,255; BGR(A) swizzled,
// alpha 255 or kept).
void to_rgba_surface_gpu(sat::ConstImage8 src, cudaSurfaceObject_t rgba, cudaStream_t stream);
void to_rgba_gpu(sat::ConstImage8 src, sat::Image8 rgba, cudaStream_t stream);

}  // namespace satlab
