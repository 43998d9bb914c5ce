// The speed-up panel's measurement: the frame the GPU just processed, again through satcore's CPU
// backend and through OpenCV's counterpart on the CPU (opencv_peer.h), with the stage timings,
// the core counts, and whether the outputs agree. The speed-up worth stating is the GPU's over
// OpenCV, the CPU library a user would otherwise pick; satcore's CPU backend stands beside it.
#pragma once

#include <string>

#include "pipeline/cpu_pipeline.h"
#include "pipeline/frame_pipeline.h"
#include "pipeline/opencv_peer.h"

namespace satlab {

struct BackendComparison {
  bool valid = false;
  bool cpu_only = false;  // the CPU backend runs: satcore's CPU against OpenCV, no GPU figures
  // cpu: satcore's CPU backend, per-stage medians of the timed runs
  StageTimings gpu = pipeline_stages(), cpu = pipeline_stages();
  long long differing_pixels = 0;          // GPU vs satcore CPU; 0: bit-identical outputs
  OpenCvPeer opencv;                       // its output is released once compared
  long long opencv_differing_pixels = -1;  // satcore CPU vs OpenCV; -1: not the same filter
  int opencv_max_difference = -1;          // the largest |satcore CPU − OpenCV| of a channel value; -1: not compared
  int hardware_threads = 0;                // std::thread::hardware_concurrency()
  int satcore_cpu_threads = 0;             // the CPU engine's setting: 0 = automatic (all cores, one for small frames)
  int reps = 0;                            // timed CPU runs behind each median (at most; slow runs are timed once)
  int width = 0, height = 0;
  std::string what;  // filter and algorithm, e.g. "box 9x9 reflect101, 1r1w-skss-lb"
};

// The filter's own time (ms): the table and the filter pass, without colour conversion, upload
// or display: what OpenCV's op does.
double filter_ms(const StageTimings& t);
// How many times faster `fast_ms` is than `slow_ms`; 0 when either is not a positive time.
double speedup(double slow_ms, double fast_ms);

// The CPU backend's comparison: `cpu` runs `frame` with `settings` once untimed and `reps` times
// timed (once when a run takes more than kSlowRunMs), OpenCV's counterpart likewise, and their
// outputs are compared (cpu_only set, no GPU figures). Throws sat::Error (and cv::Exception).
BackendComparison compare_with_opencv(CpuPipeline& cpu, const satapp::Frame& frame, const PipelineSettings& settings,
                                      int reps = 5);

// `gpu` must have just processed `frame` with `settings` (its last_timings() are used): the CPU
// pipeline takes the same Frame, so both read what the filter takes of it (a decoder's luma plane
// for the gray filters). Runs the
// CPU pipeline without display targets once untimed and `reps` times timed (once when a run takes
// more than kSlowRunMs), and OpenCV's counterpart likewise. Throws sat::Error (and cv::Exception from OpenCV).
BackendComparison compare_with_cpu(const FramePipeline& gpu, CpuPipeline& cpu, const satapp::Frame& frame,
                                   const PipelineSettings& settings, int reps = 5);

}  // namespace satlab
