// The frame pipeline's own conversion kernel: BGR → BGRA, so that box filters (and no filter) run
// on one u8x4 table. Gray conversion is satcore's (sat::FilterEngine::to_gray). Asynchronous on
// `stream`; a bad argument or a failed launch throws sat::Error.
#pragma once

#include <cuda_runtime_api.h>

#include "sat/filters.h"

namespace satapp {

// BGR (3 channels) → BGRA (4 channels, alpha 255), same size.
void bgr_to_bgra_gpu(sat::ConstImage8 bgr, sat::Image8 bgra, cudaStream_t stream);

}  // namespace satapp
