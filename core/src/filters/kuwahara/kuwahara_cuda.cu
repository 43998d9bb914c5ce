// Kuwahara filter on the GPU: one thread per pixel (32 × 8 blocks, rows strided): four quadrant
// sums of the {Σg, Σg²} table, then the winning quadrant's channel sums.
#include "filters/kuwahara/kuwahara_pass.h"
#include "filters/pixel_kernel.cuh"

namespace sat::filters {
namespace {

template <int kCn>
struct KuwaharaPixel {
  __device__ void operator()(const KuwaharaJob& job, int x, int y, uint8_t* v) const {
    kuwahara_pixel<kCn>(job, x, y, v);
  }
};

}  // namespace

void cuda_kuwahara(const KuwaharaJob& job, cudaStream_t stream) {
  launch_whole_pixels<KuwaharaPixel>(job, stream, "sat::filters::kuwahara");
}

}  // namespace sat::filters
