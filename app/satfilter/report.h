// --report: per-stage times and throughput, printed at the end.
//
// Clocks, stated in the report itself: GPU stages (upload, convert, SAT, filter, download) are
// CUDA events on the streams they ran on; decode and encode are std::chrono::steady_clock around
// the OpenCV calls on their own threads; CPU-backend stages are steady_clock too. Stages overlap
// (threads, streams), so their sum can exceed the wall time.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "common/timing/stage_timeline.h"
#include "sat/detect.h"

namespace satfilter {

// A run's stages, by their position in run_stages():
//   decode    the decoder thread
//   detect    --detect: sat::Detector::detect (steady_clock; it waits for the GPU)
//   upload    host -> device (CUDA)
//   convert   the engine's convert stage (color -> gray for thresholds on color input)
//   SAT       the engine's tables
//   filter    the engine's pass over them
//   download  device -> host (CUDA)
//   encode    the encoder thread
enum class RunStage { Decode, Detect, Upload, Convert, Sat, Filter, Download, Encode };
// The stages above, named as the report prints them, at 0 ms; --json's keys are the names in
// lower case ("sat").
satapp::StageTimeline run_stages();

// Sums over all frames, milliseconds: each stage, and the whole engine call (convert + SAT +
// filter, measured by the pipeline around it: it spans three stages, so it is not one of them).
struct StageTotals {
  satapp::StageTimeline stages = run_stages();
  double compute_ms = 0;
  double& operator[](RunStage stage) { return stages[stage].ms; }
  double operator[](RunStage stage) const { return stages[stage].ms; }
};

struct RunReport;
// Whether the report lists `stage` for this run: upload and download on CUDA only, detect with
// --detect, convert where it took any time; the others always.
bool reports_stage(const RunReport& report, RunStage stage);

struct RunReport {
  std::string input;
  std::string output;
  bool video = false;
  int width = 0;
  int height = 0;
  int input_channels = 0;
  std::string decoder;  // videos: what decoded them (MediaInfo::decoder)
  int output_channels = 0;
  int64_t frames = 0;
  std::string filter;     // sat::describe(spec); "none" without a filter
  bool gpu = false;       // CUDA backend
  std::string algorithm;  // SAT algorithm and tile (CUDA)
  int frames_in_flight = 0;
  double setup_ms = 0;  // engine, pinned and device buffers, streams
  double wall_ms = 0;   // first decode to the output renamed (setup excluded)
  StageTotals totals;
  bool detect = false;                            // --detect
  std::vector<std::vector<sat::Box>> detections;  // its boxes, one list per frame
};

// An input that failed in a batch that went on (--keep-going): what `error` says is the line
// printed on stderr, without "satfilter: error: ".
struct FailedRun {
  std::string input;
  std::string output;
  std::string error;
};

void print_report(std::FILE* out, const RunReport& report);

}  // namespace satfilter
