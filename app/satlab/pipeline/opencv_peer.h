// The OpenCV operation a user would run on the CPU instead of satlab's filter, timed on the same
// frame: the honest CPU baseline of the "CPU vs GPU" comparison. Which operation, how it relates
// to satcore's filter (bit-exact, same formula, or only the nearest OpenCV has), and its median
// wall time on the threads OpenCV uses (all cores unless the user limited cv::setNumThreads).
#pragma once

#include <opencv2/core.hpp>

#include <string>

#include "common/frame/frame.h"
#include "pipeline/filter_settings.h"

namespace satlab {

// A run slower than this (ms) is timed once instead of `reps` times: the comparison runs while
// the UI waits.
inline constexpr double kSlowRunMs = 250.0;

struct OpenCvPeer {
  std::string op;            // e.g. "cv::blur"; empty: OpenCV offers nothing comparable
  std::string relation;      // e.g. "bit-exact", or why the outputs may differ
  bool same_filter = false;  // computes satcore's filter (exactly or approximately): outputs compared
  bool bit_exact = false;    // gives satcore's bytes: any differing pixel is a fault
  double ms = 0;             // median wall time of the timed runs (after one untimed warm-up)
  int threads = 0;           // cv::getNumThreads() while it ran
  cv::Mat output;            // same_filter: its output (BGR for the filters that keep the colours, else gray)
};

// Runs OpenCV's twin of `filter` (opencv_twins/filter_twins.h: which op, and how its output
// relates to satcore's) on `frame` `reps` times (≥ 1; once if the warm-up took
// more than kSlowRunMs) after one warm-up, on the input satcore's CPU pipeline filters: the frame
// as BGRA for the filters that keep the colours (BGR for the guided filter, whose ximgproc twin
// takes 3 channels), for the gray-output ones its luma plane where it has one (as the CPU pipeline
// reads it), else its gray image (conversions not timed). A nearest op
// (bradley) is timed, not compared; a filter without a twin (Kuwahara, a variable blur without a
// radius map, ximgproc's where opencv_contrib is not in the build) is not run: `relation` says
// why. Throws cv::Exception from OpenCV, std::invalid_argument for a radius map not of the
// frame's size.
OpenCvPeer run_opencv_peer(const satapp::Frame& frame, const FilterSettings& filter, int reps);

}  // namespace satlab
