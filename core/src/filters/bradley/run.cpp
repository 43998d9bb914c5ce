// Bradley–Roth threshold on the engine: the gray plane, its u32 table (CUDA), the pass.
#include "filters/bradley/pass.h"
#include "filters/filter_validate.h"
#include "filters/stages.h"

namespace sat::filters {

void run(EngineContext& engine, const BradleyParams& params, ConstImage8 src, Image8 dst, cudaStream_t stream) {
  check_gray_pass_images(engine, src, dst);

  BradleyJob job;
  job.dst = dst.data;
  job.dst_pitch = dst.pitch;
  job.width = src.width;
  job.height = src.height;
  job.window = params.window;
  job.anchor = params.window / 2;
  job.factor = 100.0 - params.t;
  job.max_value = params.max_value;

  gray_table_stages(engine, src, dst, ElementType::U8ToU32, stream, [&](GrayPlane gray, TablePlane table) {
    job.gray = gray.data;
    job.gray_pitch = gray.pitch;
    job.table = static_cast<const uint32_t*>(table.data);
    job.table_pitch = table.pitch;
    run_pass(engine, cuda_bradley, cpu_bradley, job, stream);
  });
}

}  // namespace sat::filters
