// The speed-up panel's measurement: the frame the GPU just processed, again through the CPU
// backend; both stage timings and whether the outputs agree bit for bit.
#pragma once

#include <string>

#include "pipeline/cpu_pipeline.h"
#include "pipeline/frame_pipeline.h"

namespace satlab {

struct BackendComparison {
  bool valid = false;
  StageTimings gpu, cpu;
  long long differing_pixels = 0;  // 0: bit-identical outputs
  int width = 0, height = 0;
  std::string what;  // filter and algorithm, e.g. "box 9x9 reflect101, 1r1w-skss-lb"
};

// `gpu` must have just processed `frame` with `settings` (its last_timings() are used). Runs the
// CPU pipeline without display targets. Throws sat::Error.
BackendComparison compare_with_cpu(const FramePipeline& gpu, CpuPipeline& cpu, const cv::Mat& frame,
                                   const PipelineSettings& settings);

}  // namespace satlab
