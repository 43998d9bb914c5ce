// CUDA adaptive mean − C pass, in the kernels of filter_pass.cuh.
#include "filters/filter_pass.cuh"
#include "filters/mean_c/pass.h"

namespace sat::filters {

void cuda_mean_c(const MeanCJob& job, cudaStream_t stream) {
  launch_filter_pass(MeanCPass(job), stream, "sat::filters::mean_c");
}

}  // namespace sat::filters
