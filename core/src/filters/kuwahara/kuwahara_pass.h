// Kuwahara filter (KuwaharaParams): the per-pixel work both backends run (host and device), so
// that the CPU and CUDA outputs are byte-identical.
//
// Pixel (x, y) has four (r + 1)² quadrants with it as a corner, in this order (ties go to the
// first): top-left [x − r, x] × [y − r, y], top-right [x, x + r] × [y − r, y], bottom-left
// [x − r, x] × [y, y + r], bottom-right [x, x + r] × [y, y + r]; reflect-101 borders
// (folded_box.h). The quadrant of least gray variance wins; every channel of the output is that
// quadrant's mean, (2S + M) div 2M with M = (r + 1)² (round half up).
//
// All integer, no floating point: the quadrants share M, so their variances compare as
// V = M·Σg² − (Σg)² (= M²σ²), exact in 64 bits — Σg² ≤ 255²·M and (Σg)² ≤ 255²·M², below 2^64
// for M ≤ 16 843 009 (r ≤ 1024 gives M ≤ 1 050 625). The channel sums are exact in the u32x4
// table's wrap-around arithmetic: at most 255·M < 2^32.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "filters/filter_ops.h"
#include "filters/folded_box.h"

namespace sat::filters {

inline constexpr int kMaxKuwaharaRadius = 1024;

struct KuwaharaJob {
  const SumSq* gray_table = nullptr;  // {Σg, Σg²} of the gray image
  std::size_t gray_table_pitch = 0;
  const u32x4* colour_table = nullptr;  // 3, 4 channels: the channels' sums (BGR[A] and a 4th)
  std::size_t colour_table_pitch = 0;
  uint8_t* dst = nullptr;
  std::size_t dst_pitch = 0;
  int width = 0, height = 0, channels = 1;
  int radius = 4;
};

// The quadrant q (0 … 3, in the order above) of pixel (x, y).
SAT_HOST_DEVICE BoxAt kuwahara_quadrant(int x, int y, int r, int q) {
  return {q % 2 == 0 ? x - r : x, q < 2 ? y - r : y, r + 1, r + 1};
}

SAT_HOST_DEVICE uint8_t rounded_mean(uint64_t sum, uint64_t m) { return uint8_t((2 * sum + m) / (2 * m)); }

template <int kCn>
SAT_HOST_DEVICE void kuwahara_pixel(const KuwaharaJob& job, int x, int y, uint8_t* out) {
  const uint64_t m = uint64_t(job.radius + 1) * uint64_t(job.radius + 1);
  const TableView<SumSq> g{job.gray_table, job.gray_table_pitch};
  int best = 0;
  SumSq best_sums{};
  uint64_t best_v = 0;
#if defined(__CUDA_ARCH__)
#pragma unroll
#endif
  for (int q = 0; q < 4; ++q) {
    const SumSq s = folded_box_sum(g, job.width, job.height, kuwahara_quadrant(x, y, job.radius, q));
    const uint64_t v = m * s.sq - s.sum * s.sum;
    if (q == 0 || v < best_v) {
      best = q;
      best_v = v;
      best_sums = s;
    }
  }
  if constexpr (kCn == 1) {
    out[0] = rounded_mean(best_sums.sum, m);
  } else {
    const TableView<u32x4> c{job.colour_table, job.colour_table_pitch};
    const U64x4 s = folded_box_sum(c, job.width, job.height, kuwahara_quadrant(x, y, job.radius, best));
    out[0] = rounded_mean(s.x, m);
    out[1] = rounded_mean(s.y, m);
    out[2] = rounded_mean(s.z, m);
    if constexpr (kCn == 4) out[3] = rounded_mean(s.w, m);
  }
}

// The pass on CUDA, after the tables were built, on `stream`.
void cuda_kuwahara(const KuwaharaJob& job, cudaStream_t stream);

class EngineContext;
// The whole filter on the CPU, tables in bands (kuwahara_cpu.cpp); and the bytes of one row of
// its band tables (the catalog's memory figure).
void cpu_kuwahara(EngineContext& engine, ConstImage8 src, const Image8& dst, int radius);
std::size_t kuwahara_cpu_table_row_bytes(int width, int channels);

}  // namespace sat::filters
