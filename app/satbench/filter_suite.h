// satbench's `filters` suite: every filter of satcore's catalog with its defaults — the variable
// blur with radius maps of max radius 2, 16 and 128 — at 1920x1080 and 3840x2160 (or --sizes),
// on 8-bit gray and BGRA input and, for the filters whose catalog entry takes 16-bit samples,
// 16-bit gray input (the 8-bit cases' times are the reference of the 16-bit ones): our GPU (sat::FilterEngine on CUDA,
// with its stage times), our CPU backend and OpenCV's twin on the CPU (filter_twins.h), medians in the same run. A
// filter added to the catalog is measured without an edit here.
#pragma once

#include <string>
#include <vector>

#include "bench_options.h"
#include "sat/filter_image.h"
#include "sat/filter_spec.h"
#include "suite_records.h"

namespace satbench {

struct FilterSuiteCase {
  sat::FilterSpec spec;
  std::string label;  // sat::describe(spec), plus the radius map's maximum for the variable blur
  sat::Extent extent;
  int channels = 1;         // 1 (gray) or 4 (BGRA)
  int map_max_radius = -1;  // variable blur: the generated radius map's maximum; else -1
  sat::SampleType sample = sat::SampleType::U8;
};

std::vector<FilterSuiteCase> plan_filter_suite(const BenchOptions& options);

// Measures one case: our CPU backend first (its output is the reference the others are compared
// with), then the GPU (when `gpu` and GPU methods were asked for; "no GPU" records without a
// device) and OpenCV's twin (when the opencv peer was asked for), appending a record each.
// Throws BenchAborted when the GPU hung.
void run_filter_case(const BenchOptions& options, const FilterSuiteCase& c, bool gpu,
                     std::vector<SuiteRecord>& records);

}  // namespace satbench
