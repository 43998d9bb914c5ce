// The pipeline's own GPU kernels (the display writes), behind a plain host API.
// All asynchronous on `stream`; launch failures throw sat::Error. CPU twins: color_cpu.h.
#pragma once

#include <cuda_runtime_api.h>

#include "common/frame/bgr_to_bgra.h"
#include "sat/filters.h"

namespace satlab {

// BGR → BGRA is the shared frame pipeline's convert stage (common/frame/bgr_to_bgra.h).
using satapp::bgr_to_bgra_gpu;

// Gray (1), BGR (3) or BGRA (4 channels) → RGBA8 for display (gray g → g,g,g,255; BGR(A) swizzled,
// alpha 255 or kept), into the surface a display target gives (uchar4 at byte x = 4·column).
void to_rgba_surface_gpu(sat::ConstImage8 src, cudaSurfaceObject_t rgba, cudaStream_t stream);

}  // namespace satlab
