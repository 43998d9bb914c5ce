// Bradley–Roth threshold: its pass, the same on both backends, and the two backends' entry points.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "filters/filter_ops.h"
#include "filters/gray_window_job.h"

namespace sat::filters {

struct BradleyJob : GrayWindowJob<uint32_t> {
  double factor = 85.0;  // 100 − t
  uint8_t max_value = 255;
};

// Foreground iff pixel · count > sum · (100 − t) / 100 over the window clipped to the image.
SAT_HOST_DEVICE bool bradley_on(uint32_t pixel, int64_t count, uint64_t sum, double factor) {
  const double lhs = double(int64_t(pixel) * count);
  const double rhs = div_rn(mul_rn(double(sum), factor), 100.0);
  return lhs > rhs;
}

// The window is clipped to the image: one rectangle for every pixel, no border rule. The whole
// image is interior, unless the window is too large for 4 exact taps of the u32 table: then
// every pixel sums its rectangle in bands (exact_rect).
struct BradleyPass {
  static constexpr int kChannels = 1;
  BradleyJob job;
  bool taps_exact = true;

  explicit BradleyPass(const BradleyJob& j) : job(j), taps_exact(int64_t(j.window) * j.window <= kMaxExactU32Pixels) {}

  SAT_HOST_DEVICE Image8 out() const { return {job.dst, job.dst_pitch, job.width, job.height, 1}; }
  SAT_HOST_DEVICE InteriorRect interior() const {
    if (!taps_exact) return {};
    return {{0, job.width - 1}, {0, job.height - 1}};
  }
  SAT_HOST_DEVICE BoxSpan row(int y) const { return clipped_span(y, job.height, job.window, job.anchor); }

  template <Path kPath>
  SAT_HOST_DEVICE void pixel(const BoxSpan& rows, int x, int y, uint8_t* out) const {
    const BoxSpan cols = clipped_span(x, job.width, job.window, job.anchor);
    const TableView<uint32_t> t{job.table, job.table_pitch};
    const uint64_t sum = kPath == Path::Interior ? widen(rect(t, rows.lo, rows.hi, cols.lo, cols.hi))
                                                 : exact_rect(t, rows.lo, rows.hi, cols.lo, cols.hi);
    const int64_t count = (int64_t(rows.hi) - rows.lo + 1) * (int64_t(cols.hi) - cols.lo + 1);
    *out = bradley_on(row_ptr(job.gray, job.gray_pitch, y)[x], count, sum, job.factor) ? job.max_value : 0;
  }
};

void cuda_bradley(const BradleyJob& job, cudaStream_t stream);
void cpu_bradley(const BradleyJob& job, int threads);

}  // namespace sat::filters
