// satbench's `tilted` suite: the tilted (45°) table of an 8-bit frame (sat::Table::Tilted,
// cv::integral's `tilted`) at 1920x1080 and 3840x2160 (or --sizes), against the upright table of
// the same frame and a device-to-device copy of the upright table's bytes (input + output over
// two), and satcore's CPU tilted table (peer cpu_parallel). Each uses the same buffers for every
// run (not rotated over more than the L2 as in the table suites). The GPU table is checked against
// the CPU one (exactly) before it is timed.
#pragma once

#include <string>
#include <vector>

#include "bench_options.h"
#include "sat/sat.h"
#include "suite_records.h"

namespace satbench {

struct TiltedSuiteCase {
  std::string label;  // "tilted 1920x1080"
  sat::Extent extent;
};

std::vector<TiltedSuiteCase> plan_tilted_suite(const BenchOptions& options);

// Measures one case: copy, upright and tilted on the GPU, the tilted table on the CPU. Throws
// BenchAborted when the GPU hung.
void run_tilted_case(const BenchOptions& options, const TiltedSuiteCase& c, bool gpu,
                     std::vector<SuiteRecord>& records);

}  // namespace satbench
