// Local statistics on the GPU: the pass of local_stats_pass.h in filter_pass.cuh's kernels
// (4 taps of the {Σx, Σx²} table per pixel; border.h's terms where the window crosses the border).
#include "filters/filter_pass.cuh"
#include "filters/local_stats/local_stats_pass.h"

namespace sat::filters {

void cuda_local_stats(const LocalStatsJob& job, cudaStream_t stream) {
  launch_filter_pass(LocalStatsPass(job), stream, "sat::filters::local_stats");
}

}  // namespace sat::filters
