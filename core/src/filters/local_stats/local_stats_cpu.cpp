// Local statistics on the CPU: the window sums Σx and Σx² by separable running sums over the gray
// image (running_box_sums.h), the same integers the GPU's table gives, then the per-pixel
// arithmetic the GPU runs (local_stats_pass.h), in bands of rows over the cores (cpu_rows.h).
#include "filters/cpu_rows.h"
#include "filters/local_stats/local_stats_pass.h"
#include "filters/running_box_sums.h"

namespace sat::filters {
namespace {

template <class Acc>
void local_stats_rows(const LocalStatsJob& job, int threads) {
  const SeparableBox box{job.width, job.height, 1, job.window, job.window, job.anchor, job.anchor, Edge::Reflect101};
  const ColumnTerms columns(box);
  // Per row: two running sums (update, prefix, differences) and the per-pixel arithmetic.
  parallel_rows(job.height, int64_t(job.width) * 12, threads, [&](int y0, int y1) {
    RunningBoxSums<Acc, Summand::Value> sums(job.gray, job.gray_pitch, box, columns);
    RunningBoxSums<Acc, Summand::Square> squares(job.gray, job.gray_pitch, box, columns);
    for (int y = y0; y < y1; ++y) {
      const Acc* s = sums.row(y);
      const Acc* q = squares.row(y);
      const uint8_t* gray = row_ptr(job.gray, job.gray_pitch, y);
      uint8_t* dst = row_ptr(job.dst, job.dst_pitch, y);
      for (int x = 0; x < job.width; ++x) dst[x] = local_stat(job, SumSq{uint64_t(s[x]), uint64_t(q[x])}, gray[x]);
    }
  }, job.window);
}

}  // namespace

void cpu_local_stats(const LocalStatsJob& job, int threads) {
  // The window's sum of squares (≤ window² · 255²) fits in 32 bits up to window 257.
  if (job.window <= 257)
    local_stats_rows<uint32_t>(job, threads);
  else
    local_stats_rows<uint64_t>(job, threads);
}

}  // namespace sat::filters
