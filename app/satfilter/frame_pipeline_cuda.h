// The CUDA pipeline: frames stream through pinned host buffers and K device slots (K = frames in
// flight, 3 by default) on three streams (the shared CUDA frame pipeline's upload and compute
// streams, common/frame/cuda_frame_pipeline.h, and satfilter's download stream), so that the upload of frame i+1, the
// filtering of frame i and the download of frame i−1 overlap, while a decode thread and an encode thread keep the host
// side busy:
//
//   decode thread ─▶ pinned in ─[upload stream]─▶ slot.in ─[compute stream: sat::FilterSession]─▶
//   slot.out ─[download stream]─▶ pinned out ─▶ encode thread
//
// Events order the streams (compute waits for its upload, download for its compute); the host
// reuses a slot only after the download of the frame that held it completed. With --report the
// same events time each stage, and the engine's own stage times (SAT, filter) are read when the
// frame is retired: each slot has a filter session of its own, so no stream waits for the host
// for them.
#pragma once

#include "frame_pipeline.h"

namespace satfilter {

// Throws Failure(Runtime) or sat::Error (sat::Error for a failed CUDA call).
PipelineResult run_cuda_pipeline(const PipelineRequest& request);

}  // namespace satfilter
