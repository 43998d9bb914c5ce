// CPU adaptive mean − C: the block sums by separable running sums over the gray image
// (running_box_sums.h), rounded to the means cv::boxFilter writes (rounded_rows.h), then the
// per-pixel decision as on the GPU (mean_c/pass.h), in bands of rows over the cores (cpu_rows.h).
#include <vector>

#include "filters/cpu_rows.h"
#include "filters/mean_c/pass.h"
#include "filters/rounded_rows.h"
#include "filters/running_box_sums.h"

namespace sat::filters {
namespace {

// mean_c_pixel over a row, with the comparison fixed per loop so that it vectorizes.
void decide_row(const MeanCJob& job, const uint8_t* __restrict gray, const uint8_t* __restrict mean, int n,
                uint8_t* __restrict dst) {
  const int bound = -job.idelta;
  const uint8_t on = job.max_value;
  if (job.invert)
    for (int x = 0; x < n; ++x) dst[x] = int(gray[x]) - int(mean[x]) <= bound ? on : uint8_t(0);
  else
    for (int x = 0; x < n; ++x) dst[x] = int(gray[x]) - int(mean[x]) > bound ? on : uint8_t(0);
}

}  // namespace

void cpu_mean_c(const MeanCJob& job, int threads) {
  const BoxJob& b = job.box;
  const SeparableBox box{b.width, b.height, 1, b.kw, b.kh, b.ax, b.ay, edge_of(b.border)};
  const ColumnTerms columns(box);
  const BoxRounding r = b.rounding;
  with_accumulator(int64_t(b.kw) * b.kh <= kMaxExactU32Pixels, [&](auto acc) {
    using Acc = decltype(acc);
    parallel_rows(
        b.height, int64_t(b.width) * 4, threads,
        [&](int y0, int y1) {
          RunningBoxSums<Acc> sums(job.gray, job.gray_pitch, box, columns);
          std::vector<uint8_t> mean(std::size_t(b.width));
          for (int y = y0; y < y1; ++y) {
            round_row(r, sums.row_parts(y), std::size_t(b.width), mean.data());
            decide_row(job, row_ptr(job.gray, job.gray_pitch, y), mean.data(), b.width, row_ptr(b.dst, b.dst_pitch, y));
          }
        },
        b.kh);
  });
}

}  // namespace sat::filters
