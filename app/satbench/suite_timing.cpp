// See suite_timing.h.
#include "suite_timing.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace satbench {

double wall_ms(const std::function<void()>& body) {
  const auto t0 = std::chrono::steady_clock::now();
  body();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

Measured measure(const BenchOptions& options, const std::function<double()>& run,
                 const std::function<satapp::StageTimeline()>& stages) {
  Measured m;
  m.first_ms = run();
  if (m.first_ms > options.cap_ms) {
    m.capped = true;
    return m;
  }
  for (int i = 1; i < options.warmup; ++i) run();  // the first run was the first warm-up
  int reps = options.reps;
  if (m.first_ms * reps > options.budget_ms)
    reps = std::max(options.min_reps, int(std::floor(options.budget_ms / std::max(m.first_ms, 1e-6))));
  reps = std::min(reps, options.reps);
  std::vector<double> samples;
  std::vector<std::vector<double>> stage_samples;
  satapp::StageTimeline names;
  for (int i = 0; i < reps; ++i) {
    samples.push_back(run());
    if (!stages) continue;
    const satapp::StageTimeline t = stages();
    if (names.empty()) names = t;
    if (stage_samples.size() < std::size_t(t.size())) stage_samples.resize(std::size_t(t.size()));
    for (int k = 0; k < t.size(); ++k) stage_samples[std::size_t(k)].push_back(t[k].ms);
  }
  m.stats = summarize(samples);
  for (int k = 0; k < names.size(); ++k)
    m.stage_medians.add(names[k].name, summarize(stage_samples[std::size_t(k)]).median_ms);
  return m;
}

}  // namespace satbench
