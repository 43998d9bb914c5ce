// Runs the application suite the options ask for (`filters` or `detect`): its cases one by one
// with progress on stderr, the JSON rewritten after each case (a crash leaves what was measured),
// then the table on stdout.
#pragma once

#include "bench_options.h"
#include "report.h"

namespace satbench {

// `gpu`: a CUDA device can be used (device options.device is current). Returns the exit status:
// 0, 1 (a runtime error, or GPU methods asked for without a GPU), 3 (aborted: the GPU hung).
int run_application_suite(const BenchOptions& options, RunInfo& info, bool gpu);

}  // namespace satbench
