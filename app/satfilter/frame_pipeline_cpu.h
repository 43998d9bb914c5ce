// The CPU pipeline: decode thread → a sat::FilterSession (Backend::Cpu, all cores) on the calling
// thread → encode thread.
#pragma once

#include "frame_pipeline.h"

namespace satfilter {

PipelineResult run_cpu_pipeline(const PipelineRequest& request);

}  // namespace satfilter
