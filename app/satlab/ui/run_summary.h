// What satlab prints when a run ends: the medians of its stage timings, and with --compare-cpu
// the CPU-vs-GPU table of the last frame. The same figures the timings panel shows.
#pragma once

#include <string>

#include "pipeline/backend_comparison.h"
#include "state/timing_history.h"

namespace satlab {

struct RunDescription {
  std::string source;        // "synthetic 1920x1080", a path, a camera; "the shadow scene"
  std::string source_load;   // a video in memory: describe() of its load at open, else empty
  std::string filter;        // the scene's summary of the settings that ran (scene/scene.h)
  SeriesLabels labels;       // the scene's names of the timings and their clock
  std::string backend;       // "cuda", "cpu"
  std::string sat;           // " (1r1w-skss-lb, tile default)" on CUDA, else empty
  std::string display_path;  // how frames reached the window ("" when none did)
};

// Medians over the run's frames after a short warm-up.
void print_run_summary(const TimingHistory& history, const RunDescription& run);
// Returns false when the backends' outputs differ.
bool print_backend_comparison(const BackendComparison& comparison);

}  // namespace satlab
