// CUDA box blur pass: each pixel's box sum from 4 table taps (more where the box crosses the
// border), rounded as OpenCV rounds (box_blur/pass.h), in the kernels of filter_pass.cuh.
#include "filters/box_blur/pass.h"
#include "filters/filter_pass.cuh"

namespace sat::filters {

void cuda_box_blur(const BoxJob& job, cudaStream_t stream) {
  constexpr const char* name = "sat::filters::box_blur";
  switch (job.channels) {
    case 1:
      return launch_filter_pass(BoxBlurPass<1>(job), stream, name);
    case 3:
      return launch_filter_pass(BoxBlurPass<3>(job), stream, name);
    default:
      return launch_filter_pass(BoxBlurPass<4>(job), stream, name);
  }
}

}  // namespace sat::filters
