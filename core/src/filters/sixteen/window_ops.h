// 16-bit images (SampleType::U16) through local statistics, Kuwahara and the variable-radius
// blur: the jobs and each filter's per-pixel rule, host and device, over exact 64-bit window
// sums (running sums on the CPU, tables on CUDA: the same integers), so that the backends agree
// byte for byte.
//
// Units: an image x·257 (8-bit data widened) gives 257 × the 8-bit result before rounding. The
// parameters stay in 8-bit units: local variance divides σ² by scale·257, contrast is
// 32896 + gain·257·(x − μ)/(σ + c·257) (32896 = 128·257), the mean and 2σ are in the image's units.
//
// Exactness: Σx ≤ 65535·n < 2^41 and Σx² ≤ 65535²·n < 2^57 for the largest windows (n ≤ 4095²);
// n·Σx² − (Σx)² (= n²σ²) is taken in 128 bits (sixteen/wide.h) and converted to double once, so
// local statistics round the same doubles as the 8-bit rule; Kuwahara compares those 128-bit
// integers exactly. The variable blur's box sums are exact in u64 (65535·(2·1024 + 1)² < 2^39)
// and rounded as cv::blur rounds CV_16U (sixteen/ops.h).
#pragma once

#include <cstdint>

#include "filters/filter_ops.h"
#include "filters/folded_box.h"
#include "filters/sixteen/ops.h"
#include "filters/sixteen/wide.h"
#include "filters/variable_blur/radius_field.h"

namespace sat::filters {

struct LocalStats16Job {
  Box16Job box;  // Reflect101, window × window, 1 channel
  LocalStat output = LocalStat::Contrast;
  double scale = 64.0 * 257.0, gain = 32.0 * 257.0, c = 4.0 * 257.0;  // in 16-bit units
};

// ⌊v + 0.5⌋ of v clamped to [0, 65535] (round half up, as the 8-bit rule).
SAT_HOST_DEVICE uint16_t round_half_up_u16(double v) {
  if (!(v > 0.0)) return 0;
  if (v >= 65535.0) return 65535;
  return uint16_t(int(add_rn(v, 0.5)));
}

SAT_HOST_DEVICE uint16_t local_stat16(const LocalStats16Job& job, const SumSq& s, uint32_t x) {
  const uint64_t n = uint64_t(job.box.kw) * uint64_t(job.box.kh);
  if (job.output == LocalStat::Mean) return uint16_t((2 * s.sum + n) / (2 * n));
  const double var = div_rn(to_double_rn(scaled_variance(n, s.sum, s.sq)), u64_to_double(n * n));
  if (job.output == LocalStat::Variance) return round_half_up_u16(div_rn(var, job.scale));
  const double sd = sqrt_rn(var);
  if (job.output == LocalStat::StdDev) return round_half_up_u16(mul_rn(sd, 2.0));
  const double diff = div_rn(double(int64_t(x) * int64_t(n) - int64_t(s.sum)), u64_to_double(n));
  return round_half_up_u16(add_rn(32896.0, mul_rn(job.gain, div_rn(diff, add_rn(sd, job.c)))));
}

// Kuwahara on a 16-bit gray image: the rule of kuwahara/kuwahara_pass.h (quadrant order, ties to
// the first, round-half-up mean) with the variances compared as 128-bit integers.
struct Kuwahara16Job {
  const SumSq* table = nullptr;  // {Σx, Σx²} of the image
  std::size_t table_pitch = 0;
  uint16_t* dst = nullptr;
  std::size_t dst_pitch = 0;
  int width = 0, height = 0, radius = 4;
};

SAT_HOST_DEVICE uint16_t kuwahara16_pixel(const Kuwahara16Job& job, int x, int y) {
  const uint64_t m = uint64_t(job.radius + 1) * uint64_t(job.radius + 1);
  const TableView<SumSq> t{job.table, job.table_pitch};
  uint64_t best_sum = 0;
  U128 best_v;
#if defined(__CUDA_ARCH__)
#pragma unroll
#endif
  for (int q = 0; q < 4; ++q) {
    const int r = job.radius;
    const SumSq s =
        folded_box_sum(t, job.width, job.height, BoxAt{q % 2 == 0 ? x - r : x, q < 2 ? y - r : y, r + 1, r + 1});
    const U128 v = scaled_variance(m, s.sum, s.sq);
    if (q == 0 || less_wide(v, best_v)) {
      best_v = v;
      best_sum = s.sum;
    }
  }
  return uint16_t((2 * best_sum + m) / (2 * m));
}

// The variable-radius blur of channel c of a 16-bit image: cv::blur of CV_16U with the pixel's
// (2r + 1)² box at that element.
struct VariableBlur16Job {
  const uint64_t* table = nullptr;  // Σ of channel `channel`
  std::size_t table_pitch = 0;
  uint16_t* dst = nullptr;
  std::size_t dst_pitch = 0;
  int width = 0, height = 0, channels = 1, channel = 0;
  RadiusField field;
};

SAT_HOST_DEVICE uint16_t variable_blur16_value(const VariableBlur16Job& job, int x, int y) {
  const int r = job.field.at(x, y);
  const int side = 2 * r + 1;
  const TableView<uint64_t> t{job.table, job.table_pitch};
  const uint64_t s = folded_box_sum(t, job.width, job.height, BoxAt{x - r, y - r, side, side});
  const BoxRounding rounding = make_box_rounding16(int64_t(side) * side, int64_t(job.width) * job.channels);
  return round_box16(rounding, s, x * job.channels + job.channel);
}

// The backends' entry points. CPU: local statistics by running sums (sixteen/cpu.cpp), Kuwahara
// and the variable blur over band tables (sixteen/bands_cpu.cpp; src must not overlap dst).
// CUDA (sixteen/cuda.cu): the passes over the jobs' tables (satcore's, or sixteen/cuda.cu's scan
// of one channel of a colour image).
class EngineContext;
void cpu_local_stats16(const LocalStats16Job& job, int threads);
void cpu_kuwahara16(EngineContext& engine, ConstImage16 src, const Image16& dst, int radius);
void cpu_variable_blur16(EngineContext& engine, ConstImage16 src, const Image16& dst, const RadiusField& field);
void cuda_local_stats16(const LocalStats16Job& job, const SumSq* table, cudaStream_t stream);
void cuda_kuwahara16(const Kuwahara16Job& job, cudaStream_t stream);
void cuda_variable_blur16(const VariableBlur16Job& job, cudaStream_t stream);

}  // namespace sat::filters
