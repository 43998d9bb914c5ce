// Summary of repeated timings.
#pragma once

#include <vector>

namespace satbench {

struct Stats {
  int reps = 0;  // timed runs
  double median_ms = 0, min_ms = 0, max_ms = 0, mean_ms = 0;
};

// Summary of `samples_ms` (milliseconds, any order; empty gives all zeros).
Stats summarize(std::vector<double> samples_ms);

}  // namespace satbench
