// CPU box blur: separable running sums over the image itself (running_box_sums.h), each sum
// rounded as cv::blur rounds it (rounded_rows.h), in bands of rows over the cores (cpu_rows.h).
#include "filters/box_blur/pass.h"
#include "filters/cpu_rows.h"
#include "filters/rounded_rows.h"
#include "filters/running_box_sums.h"

namespace sat::filters {
namespace {

template <class Acc>
void blur(const BoxJob& job, int threads) {
  const SeparableBox box{job.width, job.height, job.channels, job.kw, job.kh, job.ax, job.ay, edge_of(job.border)};
  const ColumnTerms columns(box);
  const BoxRounding r = job.rounding;
  const int n = job.width * job.channels;
  // Per row: the column update, the prefix, the differences, the rounding: ~4 operations per element.
  parallel_rows(
      job.height, int64_t(n) * 4, threads,
      [&](int y0, int y1) {
        RunningBoxSums<Acc> sums(job.src, job.src_pitch, box, columns);
        for (int y = y0; y < y1; ++y)
          round_row(r, sums.row_parts(y), std::size_t(n), row_ptr(job.dst, job.dst_pitch, y));
      },
      job.kh);
}

}  // namespace

void cpu_box_blur(const BoxJob& job, int threads) {
  // 32-bit running sums are exact while the box holds at most kMaxExactU32Pixels pixels.
  if (int64_t(job.kw) * job.kh <= kMaxExactU32Pixels)
    blur<uint32_t>(job, threads);
  else
    blur<uint64_t>(job, threads);
}

}  // namespace sat::filters
