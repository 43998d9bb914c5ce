// Local statistics (LocalStatsParams): the per-pixel arithmetic and the pass both backends drive,
// host and device, so that the CPU and CUDA outputs are byte-identical.
//
// From the exact integer box sums S = Σx and Q = Σx² of a window of n = window² pixels:
//   Mean      (2S + n) div 2n                       round(μ); n is odd, so never a tie
//   V = n·Q − S²                                    n²·σ², exact in 64 bits (window ≤ 4095, below)
//   σ²        double(V) / double(n²)                two correctly rounded operations
//   Variance  min(255, round(σ² / scale))
//   StdDev    min(255, round(2·sqrt(σ²)))
//   Contrast  clamp(round(128 + gain · ((x·n − S) / n) / (σ + c)), 0, 255)
// "round" is half up (⌊v + 0.5⌋ of the clamped value); every double operation is one IEEE
// operation rounded to nearest, never contracted into a fused multiply-add (filter_ops.h's *_rn),
// so the host and the device compute the same bits.
//
// Exactness: S ≤ 255·n and Q ≤ 255²·n, so n·Q and S² are at most 255²·n², below 2^64 for
// n ≤ 16 843 009 (= (2^32 − 1) / 255); window ≤ 4095 gives n ≤ 16 769 025. double(n²) is exact
// (n² < 2^53); x·n − S is exact in 64 bits and in a double (|·| ≤ 255·n < 2^53).
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "filters/filter_ops.h"
#include "filters/gray_window_job.h"

namespace sat::filters {

// The largest window whose n·Σx² − (Σx)² fits in 64 bits (see above), odd.
inline constexpr int kMaxLocalStatsWindow = 4095;

// The gray image: Contrast reads the pixel; the CPU sums its windows by running sums.
struct LocalStatsJob : GrayWindowJob<SumSq> {
  LocalStat output = LocalStat::Contrast;
  double scale = 64.0, gain = 32.0, c = 4.0;
};

// ⌊v + 0.5⌋ of v clamped to [0, 255]: round half up (the int conversion truncates on both sides).
SAT_HOST_DEVICE uint8_t round_half_up_u8(double v) {
  if (!(v > 0.0)) return 0;
  if (v >= 255.0) return 255;
  return uint8_t(int(add_rn(v, 0.5)));
}

// The output byte of pixel value `x` whose window has sums s, n = window² pixels.
SAT_HOST_DEVICE uint8_t local_stat(const LocalStatsJob& job, const SumSq& s, uint32_t x) {
  const uint64_t n = uint64_t(job.window) * uint64_t(job.window);
  if (job.output == LocalStat::Mean) return uint8_t((2 * s.sum + n) / (2 * n));
  const uint64_t v = n * s.sq - s.sum * s.sum;  // n²·σ² ≥ 0 (Cauchy–Schwarz), exact
  const double var = div_rn(u64_to_double(v), u64_to_double(n * n));
  if (job.output == LocalStat::Variance) return round_half_up_u8(div_rn(var, job.scale));
  const double sd = sqrt_rn(var);
  if (job.output == LocalStat::StdDev) return round_half_up_u8(mul_rn(sd, 2.0));
  const double diff = div_rn(double(int64_t(x) * int64_t(n) - int64_t(s.sum)), u64_to_double(n));
  return round_half_up_u8(add_rn(128.0, mul_rn(job.gain, div_rn(diff, add_rn(sd, job.c)))));
}

// The pass of filter_pass.cuh: a window×window box with reflect-101 borders over a 64-bit table
// (4 taps are always exact).
struct LocalStatsPass : BoxWindow {
  static constexpr int kChannels = 1;
  LocalStatsJob job;

  explicit LocalStatsPass(const LocalStatsJob& j)
      : BoxWindow{{j.width, j.height, j.window, j.window, j.anchor, j.anchor, Border::Reflect101}, true}, job(j) {}

  SAT_HOST_DEVICE Image8 out() const { return {job.dst, job.dst_pitch, job.width, job.height, 1}; }

  template <Path kPath>
  SAT_HOST_DEVICE void pixel(const BoxSpan& rows, int x, int y, uint8_t* out) const {
    const TableView<SumSq> t{job.table, job.table_pitch};
    const SumSq s = box_sum_at<kPath>(t, shape, rows, x, y);
    // Only the contrast reads the pixel itself.
    const uint32_t v = job.output == LocalStat::Contrast ? row_ptr(job.gray, job.gray_pitch, y)[x] : 0u;
    *out = local_stat(job, s, v);
  }
};

// The pass on each backend: CUDA reads job.table (enqueued on `stream`); the CPU sums the gray
// image's windows by running sums (no table), rows in bands over `threads` (cpu_rows.h).
void cuda_local_stats(const LocalStatsJob& job, cudaStream_t stream);
void cpu_local_stats(const LocalStatsJob& job, int threads);

}  // namespace sat::filters
