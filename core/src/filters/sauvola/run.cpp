// Sauvola threshold on the engine: the gray plane, its {Σx, Σx²} table (CUDA), the pass.
#include "filters/sauvola/pass.h"
#include "filters/stages.h"

namespace sat::filters {

void run(EngineContext& engine, const SauvolaParams& params, ConstImage8 src, Image8 dst, cudaStream_t stream) {
  SauvolaJob job;
  job.area = double(params.window) * double(params.window);
  job.k = params.k;
  job.r = params.r == 0.0 ? 127.5 : params.r;
  job.max_value = params.max_value;
  run_gray_window(engine, src, dst, params.window, job, cuda_sauvola, cpu_sauvola, stream);
}

}  // namespace sat::filters
