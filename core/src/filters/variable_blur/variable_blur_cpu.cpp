// Variable-radius blur on the CPU: the GPU's per-pixel work (variable_blur_pass.h) over a table
// the CPU computed (run.cpp), in bands of rows over the cores (cpu_rows.h). A running sum cannot
// serve a box that changes at every pixel; the table makes each pixel a few taps whatever r.
#include "filters/cpu_rows.h"
#include "filters/variable_blur/variable_blur_pass.h"

namespace sat::filters {
namespace {

template <int kCn>
void blur_rows(const VariableBlurJob& job, int threads) {
  // Per pixel: the radius, up to 16 taps and the rounding of kCn channels.
  parallel_rows(job.height, int64_t(job.width) * 16, threads, [&](int y0, int y1) {
    for (int y = y0; y < y1; ++y) {
      uint8_t* row = row_ptr(job.dst, job.dst_pitch, y);
      for (int x = 0; x < job.width; ++x) variable_blur_pixel<kCn>(job, x, y, row + std::size_t(x) * kCn);
    }
  });
}

}  // namespace

void cpu_variable_blur(const VariableBlurJob& job, int threads) {
  switch (job.channels) {
    case 1: return blur_rows<1>(job, threads);
    case 3: return blur_rows<3>(job, threads);
    default: return blur_rows<4>(job, threads);
  }
}

}  // namespace sat::filters
