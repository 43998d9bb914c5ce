// Kuwahara filter on the CPU: the GPU's per-pixel work (kuwahara_pass.h) over tables the CPU
// computed (run.cpp), in bands of rows over the cores (cpu_rows.h).
#include "filters/cpu_rows.h"
#include "filters/kuwahara/kuwahara_pass.h"

namespace sat::filters {
namespace {

template <int kCn>
void kuwahara_rows(const KuwaharaJob& job, int threads) {
  // Per pixel: four quadrants of 4 to 16 taps, one more for colour.
  parallel_rows(job.height, int64_t(job.width) * 24, threads, [&](int y0, int y1) {
    for (int y = y0; y < y1; ++y) {
      uint8_t* row = row_ptr(job.dst, job.dst_pitch, y);
      for (int x = 0; x < job.width; ++x) kuwahara_pixel<kCn>(job, x, y, row + std::size_t(x) * kCn);
    }
  });
}

}  // namespace

void cpu_kuwahara(const KuwaharaJob& job, int threads) {
  switch (job.channels) {
    case 1: return kuwahara_rows<1>(job, threads);
    case 3: return kuwahara_rows<3>(job, threads);
    default: return kuwahara_rows<4>(job, threads);
  }
}

}  // namespace sat::filters
