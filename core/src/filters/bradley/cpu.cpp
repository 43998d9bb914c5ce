// CPU Bradley–Roth: the clipped window sums by separable running sums over the gray image
// (running_box_sums.h), the decision as on the GPU (bradley/pass.h), in bands of rows over the
// cores (cpu_rows.h).
#include <algorithm>

#include "filters/bradley/pass.h"
#include "filters/cpu_rows.h"
#include "filters/running_box_sums.h"

namespace sat::filters {

void cpu_bradley(const BradleyJob& job, int threads) {
  const SeparableBox box{job.width, job.height, 1, job.window, job.window, job.anchor, job.anchor, Edge::Clip};
  const ColumnTerms columns(box);
  // The clipped window never holds more than the image.
  const int64_t window_pixels = std::min(int64_t(job.window) * job.window, int64_t(job.width) * job.height);
  with_accumulator(window_pixels <= kMaxExactU32Pixels, [&](auto acc) {
    using Acc = decltype(acc);
    parallel_rows(
        job.height, int64_t(job.width) * 5, threads,
        [&](int y0, int y1) {
          RunningBoxSums<Acc> sums(job.gray, job.gray_pitch, box, columns);
          for (int y = y0; y < y1; ++y) {
            const Acc* s = sums.row(y);
            const BoxSpan rows = clipped_span(y, job.height, job.window, job.anchor);
            const int64_t row_count = int64_t(rows.hi) - rows.lo + 1;
            const uint8_t* gray = row_ptr(job.gray, job.gray_pitch, y);
            uint8_t* dst = row_ptr(job.dst, job.dst_pitch, y);
            for (int x = 0; x < job.width; ++x) {
              const BoxSpan cols = clipped_span(x, job.width, job.window, job.anchor);
              const int64_t count = row_count * (int64_t(cols.hi) - cols.lo + 1);
              dst[x] = bradley_on(gray[x], count, uint64_t(s[x]), job.factor) ? job.max_value : 0;
            }
          }
        },
        job.window);
  });
}

}  // namespace sat::filters
