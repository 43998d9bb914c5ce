// The CPU passes of the 16-bit filters with one box per call: separable running sums over the
// image itself (running_box_sums.h, u16 samples), then each filter's per-pixel rule
// (sixteen/ops.h, sixteen/window_ops.h), in bands of rows over the cores (cpu_rows.h).
#include <algorithm>

#include "filters/cpu_rows.h"
#include "filters/running_box_sums.h"
#include "filters/sixteen/ops.h"
#include "filters/sixteen/window_ops.h"

namespace sat::filters {
namespace {

SeparableBox separable(const Box16Job& j, Edge edge) {
  return {j.width, j.height, j.channels, j.kw, j.kh, j.ax, j.ay, edge};
}

// out(y, sums of row y, dst row y) per row, with u32 running sums where every window sum fits.
template <class Out>
void rows_of_sums(const Box16Job& j, Edge edge, int64_t window_pixels, int threads, Out&& out) {
  const SeparableBox box = separable(j, edge);
  const ColumnTerms columns(box);
  const int64_t n = int64_t(j.width) * j.channels;
  with_accumulator(window_pixels <= kMaxExactU16Pixels, [&](auto acc) {
    using Acc = decltype(acc);
    parallel_rows(
        j.height, n * 4, threads,
        [&](int y0, int y1) {
          RunningBoxSums<Acc, Summand::Value, uint16_t> sums(j.src, j.src_pitch, box, columns);
          for (int y = y0; y < y1; ++y) out(y, sums.row(y), row_ptr(j.dst, j.dst_pitch, y));
        },
        j.kh);
  });
}

// dst(x, y) = pixel({Σx, Σx²} of the window, src(x, y)) over a 1-channel image, reflect-101.
// Squares of 16-bit samples need 64-bit sums for any window above one pixel.
template <class Pixel>
void moment_rows(const Box16Job& b, int threads, Pixel&& pixel) {
  const SeparableBox box = separable(b, Edge::Reflect101);
  const ColumnTerms columns(box);
  parallel_rows(
      b.height, int64_t(b.width) * 12, threads,
      [&](int y0, int y1) {
        RunningBoxSums<uint64_t, Summand::Value, uint16_t> sums(b.src, b.src_pitch, box, columns);
        RunningBoxSums<uint64_t, Summand::Square, uint16_t> squares(b.src, b.src_pitch, box, columns);
        for (int y = y0; y < y1; ++y) {
          const uint64_t* s = sums.row(y);
          const uint64_t* q = squares.row(y);
          const uint16_t* src = row_ptr(b.src, b.src_pitch, y);
          uint16_t* dst = row_ptr(b.dst, b.dst_pitch, y);
          for (int x = 0; x < b.width; ++x) dst[x] = pixel(SumSq{s[x], q[x]}, src[x]);
        }
      },
      b.kh);
}

}  // namespace

void cpu_box16(const Box16Job& job, int threads) {
  const BoxRounding r = job.rounding;
  const int n = job.width * job.channels;
  rows_of_sums(job, edge_of(job.border), int64_t(job.kw) * job.kh, threads, [&](int, const auto* s, uint16_t* dst) {
    for (int e = 0; e < n; ++e) dst[e] = round_box16(r, uint64_t(s[e]), e);
  });
}

void cpu_mean_c16(const MeanC16Job& job, int threads) {
  const Box16Job& b = job.box;
  const BoxRounding r = b.rounding;
  rows_of_sums(b, Edge::Replicate, int64_t(b.kw) * b.kh, threads, [&](int y, const auto* s, uint16_t* dst) {
    const uint16_t* src = row_ptr(b.src, b.src_pitch, y);
    for (int x = 0; x < b.width; ++x) dst[x] = mean_c16_pixel(job, src[x], round_box16(r, uint64_t(s[x]), x));
  });
}

void cpu_bradley16(const Bradley16Job& job, int threads) {
  const Box16Job& b = job.box;
  // The clipped window never holds more than the image.
  const int64_t window_pixels = std::min(int64_t(b.kw) * b.kh, int64_t(b.width) * b.height);
  rows_of_sums(b, Edge::Clip, window_pixels, threads, [&](int y, const auto* s, uint16_t* dst) {
    const BoxSpan rows = clipped_span(y, b.height, b.kh, b.ay);
    const int64_t row_count = int64_t(rows.hi) - rows.lo + 1;
    const uint16_t* src = row_ptr(b.src, b.src_pitch, y);
    for (int x = 0; x < b.width; ++x) {
      const BoxSpan cols = clipped_span(x, b.width, b.kw, b.ax);
      dst[x] = bradley16_pixel(job, src[x], row_count * (int64_t(cols.hi) - cols.lo + 1), uint64_t(s[x]));
    }
  });
}

void cpu_sauvola16(const Sauvola16Job& job, int threads) {
  moment_rows(job.box, threads, [&](const SumSq& s, uint16_t x) { return sauvola16_pixel(job, s, x); });
}

void cpu_local_stats16(const LocalStats16Job& job, int threads) {
  moment_rows(job.box, threads, [&](const SumSq& s, uint16_t x) { return local_stat16(job, s, x); });
}

}  // namespace sat::filters
