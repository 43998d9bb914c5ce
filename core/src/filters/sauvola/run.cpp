// Sauvola threshold on the engine: the gray plane, its {Σx, Σx²} table (CUDA), the pass.
#include "filters/filter_validate.h"
#include "filters/sauvola/pass.h"
#include "filters/stages.h"

namespace sat::filters {

void run(EngineContext& engine, const SauvolaParams& params, ConstImage8 src, Image8 dst, cudaStream_t stream) {
  check_gray_pass_images(engine, src, dst);

  SauvolaJob job;
  job.dst = dst.data;
  job.dst_pitch = dst.pitch;
  job.width = src.width;
  job.height = src.height;
  job.window = params.window;
  job.anchor = params.window / 2;
  job.area = double(params.window) * double(params.window);
  job.k = params.k;
  job.r = params.r == 0.0 ? 127.5 : params.r;
  job.max_value = params.max_value;

  gray_table_stages(engine, src, dst, ElementType::U8ToSumSq, stream, [&](GrayPlane gray, TablePlane table) {
    job.gray = gray.data;
    job.gray_pitch = gray.pitch;
    job.table = static_cast<const SumSq*>(table.data);
    job.table_pitch = table.pitch;
    run_pass(engine, cuda_sauvola, cpu_sauvola, job, stream);
  });
}

}  // namespace sat::filters
