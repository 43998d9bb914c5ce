// Sauvola threshold (scikit-image threshold_sauvola): its pass, the same on both backends, and the
// two backends' entry points.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "filters/filter_ops.h"
#include "filters/gray_window_job.h"

namespace sat::filters {

struct SauvolaJob : GrayWindowJob<SumSq> {
  double area = 225;  // window²
  double k = 0.2, r = 127.5;
  uint8_t max_value = 255;
};

// T = m·(1 + k·(s/r − 1)), m = Σx/n, s = sqrt(max(Σx²/n − m², 0)), in scikit-image's order.
SAT_HOST_DEVICE double sauvola_threshold(const SumSq& s, double area, double k, double r) {
  const double m = div_rn(double(s.sum), area);
  const double g2 = div_rn(double(s.sq), area);
  double var = add_rn(g2, -mul_rn(m, m));
  if (!(var > 0.0)) var = 0.0;
  const double sd = sqrt_rn(var);
  return mul_rn(m, add_rn(1.0, mul_rn(k, add_rn(div_rn(sd, r), -1.0))));
}

// A 64-bit table: 4 taps are always exact.
struct SauvolaPass : BoxWindow {
  static constexpr int kChannels = 1;
  SauvolaJob job;

  explicit SauvolaPass(const SauvolaJob& j)
      : BoxWindow{{j.width, j.height, j.window, j.window, j.anchor, j.anchor, Border::Reflect101}, true}, job(j) {}

  SAT_HOST_DEVICE Image8 out() const { return {job.dst, job.dst_pitch, job.width, job.height, 1}; }

  template <Path kPath>
  SAT_HOST_DEVICE void pixel(const BoxSpan& rows, int x, int y, uint8_t* out) const {
    const TableView<SumSq> t{job.table, job.table_pitch};
    const double thr = sauvola_threshold(box_sum_at<kPath>(t, shape, rows, x, y), job.area, job.k, job.r);
    *out = double(row_ptr(job.gray, job.gray_pitch, y)[x]) > thr ? job.max_value : 0;
  }
};

void cuda_sauvola(const SauvolaJob& job, cudaStream_t stream);
void cpu_sauvola(const SauvolaJob& job, int threads);

}  // namespace sat::filters
