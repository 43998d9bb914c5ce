// Local statistics on the engine: the gray plane, its {Σx, Σx²} table (CUDA; the CPU sums the
// gray plane by running sums), the per-pixel pass — Sauvola's stages.
#include "filters/local_stats/local_stats_pass.h"
#include "filters/stages.h"

namespace sat::filters {

void run(EngineContext& engine, const LocalStatsParams& params, ConstImage8 src, Image8 dst, cudaStream_t stream) {
  LocalStatsJob job;
  job.output = params.output;
  job.scale = params.scale;
  job.gain = params.gain;
  job.c = params.c;
  run_gray_window(engine, src, dst, params.window, job, cuda_local_stats, cpu_local_stats, stream);
}

}  // namespace sat::filters
