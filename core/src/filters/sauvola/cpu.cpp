// CPU Sauvola: the window's sums and sums of squares by separable running sums over the gray
// image (running_box_sums.h), the threshold as on the GPU (sauvola/pass.h), in bands of rows over
// the cores (cpu_rows.h).
#include "filters/cpu_rows.h"
#include "filters/running_box_sums.h"
#include "filters/sauvola/pass.h"

namespace sat::filters {

void cpu_sauvola(const SauvolaJob& job, int threads) {
  const SeparableBox box{job.width, job.height, 1, job.window, job.window, job.anchor, job.anchor, Edge::Reflect101};
  const ColumnTerms columns(box);
  // The sum of squares (≤ window² · 255²) fits in 32 bits up to window 257.
  with_accumulator(job.window <= 257, [&](auto acc) {
    using Acc = decltype(acc);
    parallel_rows(job.height, int64_t(job.width) * 12, threads, [&](int y0, int y1) {
      RunningBoxSums<Acc, Summand::Value> sums(job.gray, job.gray_pitch, box, columns);
      RunningBoxSums<Acc, Summand::Square> squares(job.gray, job.gray_pitch, box, columns);
      for (int y = y0; y < y1; ++y) {
        const Acc* s = sums.row(y);
        const Acc* q = squares.row(y);
        const uint8_t* gray = row_ptr(job.gray, job.gray_pitch, y);
        uint8_t* dst = row_ptr(job.dst, job.dst_pitch, y);
        for (int x = 0; x < job.width; ++x) {
          const double thr = sauvola_threshold(SumSq{uint64_t(s[x]), uint64_t(q[x])}, job.area, job.k, job.r);
          dst[x] = double(gray[x]) > thr ? job.max_value : 0;
        }
      }
    }, job.window);
  });
}

}  // namespace sat::filters
