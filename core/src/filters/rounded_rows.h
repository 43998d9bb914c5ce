// A row of exact box sums → the bytes cv::blur / cv::boxFilter(CV_8U) writes (CPU backend), in
// loops the compiler vectorizes: the rounding mode is fixed per loop, OpenCV's SIMD-loop elements
// and its scalar-loop tail (rounding.h's scalar_from) are separate loops, and the fp32 rounding
// uses no library call.
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "filters/rounding.h"

namespace sat::filters {

// round_f32_product(s, scale) for 0 ≤ s < 2^31 whose product is below 2^22, without nearbyint
// (a library call per element on baseline x86-64): adding and subtracting 1.5·2^23 leaves the
// product rounded to an integer, to nearest with ties to even (the default rounding mode, the one
// nearbyint uses), because in [2^23, 2^24) the float's last mantissa bit is the units.
inline int round_f32_product_small(int32_t s, float scale) {
  constexpr float kShift = 12582912.0f;  // 1.5 · 2^23
  const float p = float(s) * scale;
  return int((p + kShift) - kShift);
}

namespace rounded_rows_detail {

template <BoxRounding::Mode kMode, bool kScalar, class Acc>
void store(const BoxRounding& r, const Acc* __restrict sums, int begin, int end, uint8_t* __restrict dst) {
  if constexpr (kMode == BoxRounding::Float32Or64 && !kScalar && std::is_same_v<Acc, uint32_t>) {
    // Float32Or64 means N ≤ 2^23: sums ≤ 255·2^23 < 2^31 and products ≤ 255·(1 + 2^−23) < 2^22.
    const float scale = r.fscale;
    for (int e = begin; e < end; ++e)
      dst[e] = uint8_t(std::min(round_f32_product_small(int32_t(sums[e]), scale), 255));
  } else if constexpr (kMode == BoxRounding::Fixed16 && !kScalar && std::is_same_v<Acc, uint32_t>) {
    const uint32_t dd = r.dd, ds = r.ds;
    for (int e = begin; e < end; ++e) dst[e] = uint8_t(std::min(((sums[e] + dd) * ds) >> 23, 255u));
  } else {
    for (int e = begin; e < end; ++e) dst[e] = round_box_as<kMode, kScalar>(r, uint64_t(sums[e]));
  }
}

template <BoxRounding::Mode kMode, class Acc>
void store_row(const BoxRounding& r, const Acc* sums, int n, uint8_t* dst) {
  const int simd_end = std::min(n, r.scalar_from);
  store<kMode, false>(r, sums, 0, simd_end, dst);
  store<kMode, true>(r, sums, simd_end, n, dst);
}

}  // namespace rounded_rows_detail

// dst[e] = the byte OpenCV writes for box sum sums[e], e = 0 … n − 1 (element x·cn + c of a row).
// r: a copy local to the caller's loop, so that the byte stores cannot alias it.
template <class Acc>
void round_row(const BoxRounding& r, const Acc* sums, int n, uint8_t* dst) {
  using namespace rounded_rows_detail;
  switch (r.mode) {
    case BoxRounding::Identity: store_row<BoxRounding::Identity>(r, sums, n, dst); break;
    case BoxRounding::Fixed16: store_row<BoxRounding::Fixed16>(r, sums, n, dst); break;
    case BoxRounding::Float32Or64: store_row<BoxRounding::Float32Or64>(r, sums, n, dst); break;
    case BoxRounding::Float64: store_row<BoxRounding::Float64>(r, sums, n, dst); break;
  }
}

}  // namespace sat::filters
