// CPU adaptive mean − C: the block sums by separable running sums over the gray image
// (running_box_sums.h), the per-pixel decision as on the GPU (threshold/pass.h), in bands of rows
// over the cores (cpu_rows.h).
#include "filters/cpu_rows.h"
#include "filters/running_box_sums.h"
#include "filters/threshold/pass.h"

namespace sat::filters {

void cpu_mean_c(const MeanCJob& job, int threads) {
  const BoxJob& b = job.box;
  const SeparableBox box{b.width, b.height, 1, b.kw, b.kh, b.ax, b.ay, edge_of(b.border)};
  const ColumnTerms columns(box);
  const BoxRounding r = b.rounding;
  with_accumulator(int64_t(b.kw) * b.kh <= kMaxExactU32Pixels, [&](auto acc) {
    using Acc = decltype(acc);
    parallel_rows(b.height, int64_t(b.width) * 4, threads, [&](int y0, int y1) {
      RunningBoxSums<Acc> sums(job.gray, job.gray_pitch, box, columns);
      for (int y = y0; y < y1; ++y) {
        const Acc* s = sums.row(y);
        const uint8_t* gray = row_ptr(job.gray, job.gray_pitch, y);
        uint8_t* dst = row_ptr(b.dst, b.dst_pitch, y);
        for (int x = 0; x < b.width; ++x) dst[x] = mean_c_pixel(job, gray[x], round_box(r, uint64_t(s[x]), x));
      }
    });
  });
}

}  // namespace sat::filters
