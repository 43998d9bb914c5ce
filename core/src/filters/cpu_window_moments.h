// The CPU pass of a gray-window filter that needs each window's Σx and Σx² (Sauvola, local
// statistics): separable running sums of x and x² over the gray plane (running_box_sums.h), the
// same integers the GPU's table gives, and dst = pixel(the window's sums, the gray value), in
// bands of rows over the cores (cpu_rows.h). Reflect-101 border.
#pragma once

#include <cstdint>

#include "filters/cpu_rows.h"
#include "filters/running_box_sums.h"

namespace sat::filters {

// job: a GrayWindowJob (gray_window_job.h); pixel(const SumSq&, uint8_t gray) → the output byte.
template <class Job, class Pixel>
void cpu_window_moments(const Job& job, int threads, Pixel&& pixel) {
  const SeparableBox box{job.width, job.height, 1, job.window, job.window, job.anchor, job.anchor, Edge::Reflect101};
  const ColumnTerms columns(box);
  // The sum of squares (≤ window² · 255²) fits in 32 bits up to window 257.
  with_accumulator(job.window <= 257, [&](auto acc) {
    using Acc = decltype(acc);
    // Per row: two running sums (update, prefix, differences) and the per-pixel arithmetic.
    parallel_rows(
        job.height, int64_t(job.width) * 12, threads,
        [&](int y0, int y1) {
          RunningBoxSums<Acc, Summand::Value> sums(job.gray, job.gray_pitch, box, columns);
          RunningBoxSums<Acc, Summand::Square> squares(job.gray, job.gray_pitch, box, columns);
          for (int y = y0; y < y1; ++y) {
            const Acc* s = sums.row(y);
            const Acc* q = squares.row(y);
            const uint8_t* gray = row_ptr(job.gray, job.gray_pitch, y);
            uint8_t* dst = row_ptr(job.dst, job.dst_pitch, y);
            for (int x = 0; x < job.width; ++x) dst[x] = pixel(SumSq{uint64_t(s[x]), uint64_t(q[x])}, gray[x]);
          }
        },
        job.window);
  });
}

}  // namespace sat::filters
