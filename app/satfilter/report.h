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

#include "sat/detect.h"

namespace satfilter {

// Sums over all frames, milliseconds.
struct StageTotals {
  double decode_ms = 0;
  double upload_ms = 0;
  double convert_ms = 0;  // the engine's convert stage (color → gray for thresholds on color input)
  double sat_ms = 0;
  double filter_ms = 0;
  double compute_ms = 0;  // the whole engine call (convert + SAT + filter), measured by the pipeline
  double detect_ms = 0;   // --detect: sat::Detector::detect (steady_clock; it waits for the GPU)
  double download_ms = 0;
  double encode_ms = 0;
};

struct RunReport {
  std::string input;
  std::string output;
  bool video = false;
  int width = 0;
  int height = 0;
  int input_channels = 0;
  std::string decoder;    // videos: what decoded them (MediaInfo::decoder)
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
