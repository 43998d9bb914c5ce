// CUDA adaptive-threshold passes (mean − C, Sauvola, Bradley–Roth), in the kernels of
// filter_pass.cuh.
#include "filters/backend.h"
#include "filters/filter_pass.cuh"

namespace sat::filters {

void cuda_mean_c(const MeanCJob& job, cudaStream_t stream) {
  launch_filter_pass(MeanCPass(job), stream, "sat::filters::mean_c");
}

void cuda_sauvola(const SauvolaJob& job, cudaStream_t stream) {
  launch_filter_pass(SauvolaPass(job), stream, "sat::filters::sauvola");
}

void cuda_bradley(const BradleyJob& job, cudaStream_t stream) {
  launch_filter_pass(BradleyPass(job), stream, "sat::filters::bradley");
}

}  // namespace sat::filters
