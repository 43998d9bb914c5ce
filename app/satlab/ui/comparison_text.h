// The lines that state a CPU-vs-GPU comparison (pipeline/backend_comparison.h), written once for
// the speed-up panel, the log and the run summary.
#pragma once

#include <string>

#include "pipeline/backend_comparison.h"

namespace satlab {

// The cores and threads behind the CPU numbers, e.g. "CPU: 2 hardware threads; OpenCV on 2
// threads; satcore CPU on all 2 (automatic: one thread for small frames)".
std::string cpu_threads_line(const BackendComparison& c);

// Which OpenCV op the CPU baseline is and how its output relates to satcore's, e.g. "cv::blur,
// bit-exact: outputs identical to satcore's", or that OpenCV has none.
std::string opencv_relation_line(const BackendComparison& c);

// The filter's speed-up, stated against OpenCV first, e.g. "GPU filter 0.512 ms: 8.8x OpenCV's
// cv::blur (4.5 ms), 10.2x satcore CPU (5.2 ms)".
std::string speedup_line(const BackendComparison& c);

// The CPU backend's speed against OpenCV (a cpu_only comparison), e.g. "satcore CPU filter
// 4.839 ms, OpenCV's cv::blur 3.012 ms: 0.6x OpenCV's speed".
std::string cpu_speed_line(const BackendComparison& c);

// Whether the comparison found a fault: the GPU's output differs from satcore's CPU backend, or
// (CPU backend) a bit-exact OpenCV counterpart's output differs from it.
bool comparison_failed(const BackendComparison& c);

}  // namespace satlab
