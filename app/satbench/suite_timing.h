// How the application suites time a contender: a first (checked) run, warm-up runs, then timed
// runs — --reps of them, cut to --min-reps where they would take longer than --budget-ms — and
// the medians of the stage times the contender reports per run.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "bench_options.h"
#include "common/timing/stage_timeline.h"
#include "stats.h"

namespace satbench {

struct Measured {
  double first_ms = 0;  // the first run (not in stats)
  bool capped = false;  // the first run took longer than --cap-ms: nothing more was run
  Stats stats;
  satapp::StageTimeline stage_medians;  // the stages' names, in their order, with their medians
};

// `run` makes one call and returns its time in ms (GPU: CUDA events around it, waited for; CPU:
// steady clock); `stages` (may be empty) the stage times of the call just made.
Measured measure(const BenchOptions& options, const std::function<double()>& run,
                 const std::function<satapp::StageTimeline()>& stages = {});

// The wall time of one call of `body` in ms (steady clock).
double wall_ms(const std::function<void()>& body);

}  // namespace satbench
