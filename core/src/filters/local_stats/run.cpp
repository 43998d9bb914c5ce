// Local statistics on the engine: the gray plane, its {Σx, Σx²} table (CUDA; the CPU sums the
// gray plane by running sums), the per-pixel pass — Sauvola's stages.
#include "filters/filter_validate.h"
#include "filters/local_stats/local_stats_pass.h"
#include "filters/stages.h"

namespace sat::filters {

void run(EngineContext& engine, const LocalStatsParams& params, ConstImage8 src, Image8 dst, cudaStream_t stream) {
  check_gray_pass_images(engine, src, dst);

  LocalStatsJob job;
  job.dst = dst.data;
  job.dst_pitch = dst.pitch;
  job.width = src.width;
  job.height = src.height;
  job.window = params.window;
  job.anchor = params.window / 2;
  job.output = params.output;
  job.scale = params.scale;
  job.gain = params.gain;
  job.c = params.c;

  gray_table_stages(engine, src, dst, ElementType::U8ToSumSq, stream, [&](GrayPlane gray, TablePlane table) {
    job.gray = gray.data;
    job.gray_pitch = gray.pitch;
    job.table = static_cast<const SumSq*>(table.data);
    job.table_pitch = table.pitch;
    run_pass(engine, cuda_local_stats, cpu_local_stats, job, stream);
  });
}

}  // namespace sat::filters
