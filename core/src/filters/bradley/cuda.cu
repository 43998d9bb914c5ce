// CUDA Bradley–Roth pass, in the kernels of filter_pass.cuh.
#include "filters/bradley/pass.h"
#include "filters/filter_pass.cuh"

namespace sat::filters {

void cuda_bradley(const BradleyJob& job, cudaStream_t stream) {
  launch_filter_pass(BradleyPass(job), stream, "sat::filters::bradley");
}

}  // namespace sat::filters
