// Median, minimum, maximum and mean of timings.
#include "stats.h"

#include <algorithm>
#include <numeric>

namespace satbench {

Stats summarize(std::vector<double> samples_ms) {
  Stats s;
  if (samples_ms.empty()) return s;
  std::sort(samples_ms.begin(), samples_ms.end());
  const std::size_t n = samples_ms.size();
  s.reps = int(n);
  s.median_ms = n % 2 ? samples_ms[n / 2] : (samples_ms[n / 2 - 1] + samples_ms[n / 2]) / 2;
  s.min_ms = samples_ms.front();
  s.max_ms = samples_ms.back();
  s.mean_ms = std::accumulate(samples_ms.begin(), samples_ms.end(), 0.0) / double(n);
  return s;
}

}  // namespace satbench
