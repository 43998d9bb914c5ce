// What both pipelines (CUDA, CPU) take and give: frames from a source, filtered by a
// sat::FilterEngine, to a sink, with decoding and encoding on their own threads.
#pragma once

#include <opencv2/core.hpp>

#include <cstdint>

#include "media.h"
#include "options.h"
#include "progress.h"
#include "report.h"
#include "sat/filters.h"

namespace satfilter {

struct PipelineRequest {
  FrameSource& source;
  FrameSink& sink;
  const FilterSpec& filter;
  Progress& progress;
  bool timing = false;        // --report: per-stage times (costs a little)
  sat::Options sat_options;   // CUDA: SAT algorithm and tile
  int frames_in_flight = 3;   // CUDA: frames on the GPU at once (2 or more for overlap)
};

struct PipelineResult {
  int64_t frames = 0;
  StageTotals totals;    // decode and encode always; the rest when timing
  double setup_ms = 0;   // engine and buffers
  double wall_ms = 0;    // first decode to the sink finished
};

// Views of a host frame for sat::FilterEngine.
inline sat::ConstImage8 const_view(const cv::Mat& m) { return {m.data, m.step[0], m.cols, m.rows, m.channels()}; }
inline sat::Image8 view(cv::Mat& m) { return {m.data, m.step[0], m.cols, m.rows, m.channels()}; }

}  // namespace satfilter
