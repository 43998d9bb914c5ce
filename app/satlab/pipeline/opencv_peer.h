// The OpenCV operation a user would run on the CPU instead of satlab's filter, timed on the same
// frame: the honest CPU baseline of the "CPU vs GPU" comparison. Which operation, how it relates
// to satcore's filter (bit-exact, same formula, or only the nearest OpenCV has), and its median
// wall time on the threads OpenCV uses (all cores unless the user limited cv::setNumThreads).
#pragma once

#include <opencv2/core.hpp>

#include <string>

#include "pipeline/filter_settings.h"

namespace satlab {

// A run slower than this (ms) is timed once instead of `reps` times: the comparison runs while
// the UI waits.
inline constexpr double kSlowRunMs = 250.0;

struct OpenCvPeer {
  std::string op;        // e.g. "cv::blur"; empty: OpenCV offers nothing comparable
  std::string relation;  // e.g. "bit-exact", or why the outputs may differ
  bool same_filter = false;  // computes satcore's filter (exactly or approximately): outputs compared
  bool bit_exact = false;    // gives satcore's bytes: any differing pixel is a fault
  double ms = 0;             // median wall time of the timed runs (after one untimed warm-up)
  int threads = 0;           // cv::getNumThreads() while it ran
  cv::Mat output;            // same_filter: its output (BGR for the filters that keep the colours, else gray)
};

// Runs OpenCV's counterpart of `filter` on `bgr_frame` (8-bit BGR) `reps` times (≥ 1; once if the
// warm-up took more than kSlowRunMs) after one warm-up, on the input satcore's CPU pipeline
// filters: the frame (as BGRA where OpenCV takes it) for the filters that keep the colours, its
// gray image (cv::cvtColor, not timed) for the gray-output ones. Counterparts: box → cv::blur,
// threshold → cv::adaptiveThreshold, sauvola → ximgproc's niBlackThreshold, guided → ximgproc's
// guidedFilter (both where opencv_contrib is in the build), local statistics → cv::boxFilter and
// cv::sqrBoxFilter; bradley → the nearest op (timed, not compared); any other filter (variable
// blur, Kuwahara, and filters satcore adds later) → none: `relation` says so. Throws cv::Exception
// from OpenCV.
OpenCvPeer run_opencv_peer(const cv::Mat& bgr_frame, const FilterSettings& filter, int reps);

}  // namespace satlab
