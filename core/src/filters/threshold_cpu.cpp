// CPU adaptive thresholds (mean − C, Sauvola, Bradley–Roth): the window sums by separable running
// sums over the gray image (running_box_sums.h), the per-pixel decision as on the GPU
// (filter_ops.h), in bands of rows over the cores (cpu_rows.h).
#include <algorithm>

#include "filters/backend.h"
#include "filters/cpu_rows.h"
#include "filters/running_box_sums.h"

namespace sat::filters {
namespace {

// fn(Acc{}) with 32-bit running sums where every window sum fits in 32 bits, else 64-bit ones.
template <class Fn>
void with_accumulator(bool fits_u32, Fn&& fn) {
  if (fits_u32)
    fn(uint32_t{});
  else
    fn(uint64_t{});
}

}  // namespace

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
    });
  });
}

void cpu_bradley(const BradleyJob& job, int threads) {
  const SeparableBox box{job.width, job.height, 1, job.window, job.window, job.anchor, job.anchor, Edge::Clip};
  const ColumnTerms columns(box);
  // The clipped window never holds more than the image.
  const int64_t window_pixels = std::min(int64_t(job.window) * job.window, int64_t(job.width) * job.height);
  with_accumulator(window_pixels <= kMaxExactU32Pixels, [&](auto acc) {
    using Acc = decltype(acc);
    parallel_rows(job.height, int64_t(job.width) * 5, threads, [&](int y0, int y1) {
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
    });
  });
}

}  // namespace sat::filters
