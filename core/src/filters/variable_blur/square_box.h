// The (2r + 1)² box of the variable-radius blur (host and device): its sum from a u32 or u32x4
// table with reflect-101 borders (folded_box.h), and cv::blur's rounding for its area.
//
// Exactness. A u32 table wraps around; any sum of rectangle sums (each 4 taps, differences and
// additions modulo 2^32) is the true box sum modulo 2^32, so it is exact when the true box sum is
// below 2^32. The largest box is (2·1024 + 1)² = 4 198 401 pixels (max_radius ≤ 1024), whose
// sum is at most 255 · 4 198 401 = 1 070 592 255 < 2^32: every box sum of this filter is exact in
// 32 bits, border terms and multiplicities included.
#pragma once

#include <cstdint>

#include "filters/filter_ops.h"
#include "filters/folded_box.h"
#include "filters/rounding.h"

namespace sat::filters {

// Σ of the (2r + 1)² box centred on (x, y), reflect-101, exact (r ≤ 1024), widened to 64 bits.
template <class V>
SAT_HOST_DEVICE BoxSumOf<V> square_box_sum(const TableView<V>& t, int width, int height, int x, int y, int r) {
  return folded_box_sum(t, width, height, BoxAt{x - r, y - r, 2 * r + 1, 2 * r + 1});
}

// make_box_rounding((2r + 1)², row_elements) (rounding.h) in integer arithmetic and correctly
// rounded divisions, so that the device computes it per pixel: OpenCV's fixed-point constants
// ds = ⌊2^23 / N⌋ and dd = ⌊N / 2⌋ with one of them incremented as the fraction of 2^23 / N is
// below one half or not (that fraction is rem / N, never within rounding of ½ unless exactly ½).
SAT_HOST_DEVICE BoxRounding square_box_rounding(int r, int row_elements) {
  const uint32_t n = uint32_t(2 * r + 1) * uint32_t(2 * r + 1);
  BoxRounding b;
  b.scalar_from = row_elements & ~7;  // ColumnSum<int, uchar>
  if (n == 1) {
    b.mode = BoxRounding::Identity;
  } else if (n <= 256) {
    b.mode = BoxRounding::Fixed16;
    b.scalar_from = row_elements & ~15;  // ColumnSum<ushort, uchar>
    constexpr uint32_t kOne = 1u << 23;
    b.ds = kOne / n;
    b.dd = n / 2;
    if (2 * (kOne % n) < n)
      ++b.dd;
    else
      ++b.ds;
  } else {
    b.mode = n <= (1u << 23) ? BoxRounding::Float32Or64 : BoxRounding::Float64;
    b.dscale = div_rn(1.0, double(n));
#if defined(__CUDA_ARCH__)
    b.fscale = __double2float_rn(b.dscale);
#else
    b.fscale = float(b.dscale);
#endif
  }
  return b;
}

}  // namespace sat::filters
