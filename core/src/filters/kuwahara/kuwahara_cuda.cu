// Kuwahara filter on the GPU: one thread per pixel (32 × 8 blocks, rows strided): four quadrant
// sums of the {Σg, Σg²} table, then the winning quadrant's channel sums.
#include "filters/grid.cuh"
#include "filters/kuwahara/kuwahara_pass.h"
#include "launch/launch.h"

namespace sat::filters {
namespace {

template <int kCn>
__global__ void kuwahara_kernel(KuwaharaJob job) {
  const int x = column();
  if (x >= job.width) return;
  for (int y = first_row(); y < job.height; y += row_stride()) {
    uint8_t v[kCn];
    kuwahara_pixel<kCn>(job, x, y, v);
    uint8_t* out = row_ptr(job.dst, job.dst_pitch, y) + std::size_t(x) * kCn;
#pragma unroll
    for (int c = 0; c < kCn; ++c) out[c] = v[c];
  }
}

template <int kCn>
void launch(const KuwaharaJob& job, cudaStream_t stream) {
  kuwahara_kernel<kCn><<<pixel_grid(job.width, job.height), pixel_block(), 0, stream>>>(job);
  detail::check_launch("sat::filters::kuwahara");
}

}  // namespace

void cuda_kuwahara(const KuwaharaJob& job, cudaStream_t stream) {
  switch (job.channels) {
    case 1:
      return launch<1>(job, stream);
    case 3:
      return launch<3>(job, stream);
    default:
      return launch<4>(job, stream);
  }
}

}  // namespace sat::filters
