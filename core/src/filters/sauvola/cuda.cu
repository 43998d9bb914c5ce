// CUDA Sauvola pass, in the kernels of filter_pass.cuh.
#include "filters/filter_pass.cuh"
#include "filters/sauvola/pass.h"

namespace sat::filters {

void cuda_sauvola(const SauvolaJob& job, cudaStream_t stream) {
  launch_filter_pass(SauvolaPass(job), stream, "sat::filters::sauvola");
}

}  // namespace sat::filters
