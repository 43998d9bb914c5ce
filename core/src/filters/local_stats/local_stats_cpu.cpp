// Local statistics on the CPU: the window sums Σx and Σx² by running sums over the gray image
// (cpu_window_moments.h), the same integers the GPU's table gives, then the per-pixel arithmetic
// the GPU runs (local_stats_pass.h).
#include "filters/cpu_window_moments.h"
#include "filters/local_stats/local_stats_pass.h"

namespace sat::filters {

void cpu_local_stats(const LocalStatsJob& job, int threads) {
  cpu_window_moments(job, threads, [&](const SumSq& s, uint8_t gray) { return local_stat(job, s, gray); });
}

}  // namespace sat::filters
