// The host pipeline: decode thread → a sat::FilterSession on the calling thread → encode thread,
// frames in host memory. Backend::Cpu (all cores) for the CPU backend; Backend::Cuda for the
// frames the CUDA pipeline's 8-bit slots do not take (16-bit images), each uploaded, filtered and
// downloaded by the session (FilterSession::run_host).
#pragma once

#include "frame_pipeline.h"

namespace satfilter {

PipelineResult run_host_pipeline(const PipelineRequest& request, sat::Backend backend = sat::Backend::Cpu);

}  // namespace satfilter
