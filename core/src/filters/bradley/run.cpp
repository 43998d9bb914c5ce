// Bradley–Roth threshold on the engine: the gray plane, its u32 table (CUDA), the pass.
#include "filters/bradley/pass.h"
#include "filters/stages.h"

namespace sat::filters {

void run(EngineContext& engine, const BradleyParams& params, ConstImage8 src, Image8 dst, cudaStream_t stream) {
  BradleyJob job;
  job.factor = 100.0 - params.t;
  job.max_value = params.max_value;
  run_gray_window(engine, src, dst, params.window, job, cuda_bradley, cpu_bradley, stream);
}

}  // namespace sat::filters
