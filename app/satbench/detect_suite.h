// satbench's `detect` suite: Viola–Jones with OpenCV's frontal-face default cascade (scale factor
// 1.1, 3 neighbours, min size 30x30, as docs/detection.md measures it) on 1920x1080 and 3840x2160
// (or --sizes) frames — composites of scikit-image's faces, and a faceless frame of the same size
// — and with the upper-body cascade (tilted features: the tilted table too) on the faces frame of
// the first size; our GPU (sat::Detector on CUDA, stage times), our CPU backend and cv::CascadeClassifier on
// the CPU (objdetect, optional at build time), medians in the same run.
#pragma once

#include <string>
#include <vector>

#include "bench_options.h"
#include "sat/sat.h"
#include "suite_records.h"

namespace satbench {

struct DetectSuiteCase {
  std::string label;  // "faces 1920x1080", "no faces 1920x1080", "upper body 1920x1080"
  sat::Extent extent;
  bool faces = true;
  bool upper_body = false;  // the upper-body cascade (tilted features) instead of the frontal face
};

std::vector<DetectSuiteCase> plan_detect_suite(const BenchOptions& options);

// Measures one case (as run_filter_case: CPU backend, GPU, OpenCV), counting the boxes each finds.
// Throws BenchAborted when the GPU hung.
void run_detect_case(const BenchOptions& options, const DetectSuiteCase& c, bool gpu,
                     std::vector<SuiteRecord>& records);

}  // namespace satbench
