// CPU Sauvola: the window's sums and sums of squares by running sums over the gray image
// (cpu_window_moments.h), the threshold as on the GPU (sauvola/pass.h).
#include "filters/cpu_window_moments.h"
#include "filters/sauvola/pass.h"

namespace sat::filters {

void cpu_sauvola(const SauvolaJob& job, int threads) {
  cpu_window_moments(job, threads, [&](const SumSq& s, uint8_t gray) -> uint8_t {
    return double(gray) > sauvola_threshold(s, job.area, job.k, job.r) ? job.max_value : 0;
  });
}

}  // namespace sat::filters
