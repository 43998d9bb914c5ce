// CPU box blur: separable running sums over the image itself (running_box_sums.h), each sum
// rounded as cv::blur rounds it (rounding.h), in bands of rows over the cores (cpu_rows.h).
#include <algorithm>

#include "filters/box_blur/pass.h"
#include "filters/cpu_rows.h"
#include "filters/running_box_sums.h"

namespace sat::filters {
namespace {

// Elements [begin, end) of a row of box sums → bytes, in one rounding mode and loop kind.
template <BoxRounding::Mode kMode, bool kScalar, class Acc>
void store_rounded(const BoxRounding& r, const Acc* sums, int begin, int end, uint8_t* dst) {
  for (int e = begin; e < end; ++e) dst[e] = round_box_as<kMode, kScalar>(r, uint64_t(sums[e]));
}

// A row as OpenCV writes it: its SIMD loop's rounding before r.scalar_from, its scalar loop's after.
template <BoxRounding::Mode kMode, class Acc>
void store_row(const BoxRounding& r, const Acc* sums, int n, uint8_t* dst) {
  const int simd_end = std::min(n, r.scalar_from);
  store_rounded<kMode, false>(r, sums, 0, simd_end, dst);
  store_rounded<kMode, true>(r, sums, simd_end, n, dst);
}

template <class Acc>
void blur(const BoxJob& job, int threads) {
  const SeparableBox box{job.width, job.height, job.channels, job.kw, job.kh, job.ax, job.ay, edge_of(job.border)};
  const ColumnTerms columns(box);
  const BoxRounding r = job.rounding;  // a local copy: the byte stores below cannot alias it
  const int n = job.width * job.channels;
  // Per row: the column update, the prefix, the differences, the rounding: ~4 operations per element.
  parallel_rows(job.height, int64_t(n) * 4, threads, [&](int y0, int y1) {
    RunningBoxSums<Acc> sums(job.src, job.src_pitch, box, columns);
    for (int y = y0; y < y1; ++y) {
      const Acc* s = sums.row(y);
      uint8_t* dst = row_ptr(job.dst, job.dst_pitch, y);
      switch (r.mode) {
        case BoxRounding::Identity: store_row<BoxRounding::Identity>(r, s, n, dst); break;
        case BoxRounding::Fixed16: store_row<BoxRounding::Fixed16>(r, s, n, dst); break;
        case BoxRounding::Float32Or64: store_row<BoxRounding::Float32Or64>(r, s, n, dst); break;
        case BoxRounding::Float64: store_row<BoxRounding::Float64>(r, s, n, dst); break;
      }
    }
  });
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
