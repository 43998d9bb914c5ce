// A row of exact box sums → the bytes cv::blur / cv::boxFilter(CV_8U) writes (CPU backend), in
// loops the compiler vectorizes: the rounding mode is fixed per loop, OpenCV's SIMD-loop elements
// and its scalar-loop tail (rounding.h's scalar_from) are separate loops, and the fp32 rounding
// uses no library call.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "filters/rounding.h"
#include "filters/running_box_sums.h"

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

#if defined(__SSE2__)
// 16 u32 sums → 16 bytes: round(v) per vector of 4 (32-bit results ≥ 0), then packed with
// saturation, which is OpenCV's SIMD loop's saturation to 255.
template <class Round>
std::size_t store_sse2(SumDiff<uint32_t> sums, std::size_t begin, std::size_t end, uint8_t* dst, Round&& round) {
  std::size_t e = begin;
  for (; e + 16 <= end; e += 16) {
    const auto at = [&](std::size_t k) {
      const auto* hi = reinterpret_cast<const __m128i*>(sums.hi + e + 4 * k);
      const auto* lo = reinterpret_cast<const __m128i*>(sums.lo + e + 4 * k);
      return _mm_sub_epi32(_mm_loadu_si128(hi), _mm_loadu_si128(lo));
    };
    const __m128i lo = _mm_packs_epi32(round(at(0)), round(at(1)));
    const __m128i hi = _mm_packs_epi32(round(at(2)), round(at(3)));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + e), _mm_packus_epi16(lo, hi));
  }
  return e;
}

// (x · y) mod 2^32 per lane (SSE2 has no 32-bit multiply that keeps the low halves).
inline __m128i mullo_epi32(__m128i x, __m128i y) {
  const __m128i even = _mm_mul_epu32(x, y);
  const __m128i odd = _mm_mul_epu32(_mm_srli_epi64(x, 32), _mm_srli_epi64(y, 32));
  return _mm_unpacklo_epi32(_mm_shuffle_epi32(even, _MM_SHUFFLE(0, 0, 2, 0)),
                            _mm_shuffle_epi32(odd, _MM_SHUFFLE(0, 0, 2, 0)));
}
#endif

template <BoxRounding::Mode kMode, bool kScalar, class Acc>
void store(const BoxRounding& r, SumDiff<Acc> sums, std::size_t begin, std::size_t end, uint8_t* dst_row) {
  // Indices from sums.first on: hi[e] − lo[e] is the sum of element e + first.
  const Acc* __restrict hi = sums.hi;
  const Acc* __restrict lo = sums.lo;
  uint8_t* __restrict dst = dst_row + sums.first;
  begin -= sums.first;
  end -= sums.first;
#if defined(__SSE2__)
  if constexpr (kMode == BoxRounding::Float32Or64 && !kScalar && std::is_same_v<Acc, uint32_t>) {
    // As round_f32_product_small below, 4 lanes at a time (sums < 2^31: exact int32 → float).
    const __m128 scale = _mm_set1_ps(r.fscale), shift = _mm_set1_ps(12582912.0f);
    begin = store_sse2(sums, begin, end, dst, [&](__m128i s) {
      const __m128 p = _mm_mul_ps(_mm_cvtepi32_ps(s), scale);
      return _mm_cvttps_epi32(_mm_sub_ps(_mm_add_ps(p, shift), shift));
    });
  } else if constexpr (kMode == BoxRounding::Fixed16 && !kScalar && std::is_same_v<Acc, uint32_t>) {
    // ((s + dd) · ds mod 2^32) >> 23 < 2^9: packs keeps it, packus saturates it to 255.
    const __m128i dd = _mm_set1_epi32(int(r.dd)), ds = _mm_set1_epi32(int(r.ds));
    begin = store_sse2(sums, begin, end, dst,
                       [&](__m128i s) { return _mm_srli_epi32(mullo_epi32(_mm_add_epi32(s, dd), ds), 23); });
  }
#endif
  if constexpr (kMode == BoxRounding::Float32Or64 && !kScalar && std::is_same_v<Acc, uint32_t>) {
    // Float32Or64 means N ≤ 2^23: sums ≤ 255·2^23 < 2^31 and products ≤ 255·(1 + 2^−23) < 2^22.
    const float scale = r.fscale;
    for (std::size_t e = begin; e < end; ++e)
      dst[e] = uint8_t(std::min(round_f32_product_small(int32_t(hi[e] - lo[e]), scale), 255));
  } else if constexpr (kMode == BoxRounding::Fixed16 && !kScalar && std::is_same_v<Acc, uint32_t>) {
    const uint32_t dd = r.dd, ds = r.ds;
    for (std::size_t e = begin; e < end; ++e) dst[e] = uint8_t(std::min(((hi[e] - lo[e] + dd) * ds) >> 23, 255u));
  } else {
    for (std::size_t e = begin; e < end; ++e) dst[e] = round_box_as<kMode, kScalar>(r, uint64_t(Acc(hi[e] - lo[e])));
  }
}

// Elements [begin, end): OpenCV's SIMD loop's rounding before r.scalar_from, its scalar loop's after.
template <BoxRounding::Mode kMode, class Acc>
void store_range(const BoxRounding& r, SumDiff<Acc> sums, std::size_t begin, std::size_t end, uint8_t* dst) {
  const std::size_t scalar_from = std::clamp(std::size_t(r.scalar_from), begin, end);
  store<kMode, false>(r, sums, begin, scalar_from, dst);
  store<kMode, true>(r, sums, scalar_from, end, dst);
}

template <BoxRounding::Mode kMode, class Acc>
void store_row(const BoxRounding& r, const RowSums<Acc>& sums, std::size_t n, uint8_t* dst) {
  store_range<kMode>(r, sums.border, 0, sums.begin, dst);
  store_range<kMode>(r, sums.interior, sums.begin, sums.end, dst);
  store_range<kMode>(r, sums.border, std::max(sums.end, sums.begin), n, dst);
}

}  // namespace rounded_rows_detail

// dst[e] = the byte OpenCV writes for box sum e of the row (RunningBoxSums::row_parts), e = 0 …
// n − 1 (element x·cn + c). r: a copy local to the caller's loop, so that the byte stores cannot
// alias it.
template <class Acc>
void round_row(const BoxRounding& r, const RowSums<Acc>& sums, std::size_t n, uint8_t* dst) {
  using namespace rounded_rows_detail;
  switch (r.mode) {
    case BoxRounding::Identity:
      store_row<BoxRounding::Identity>(r, sums, n, dst);
      break;
    case BoxRounding::Fixed16:
      store_row<BoxRounding::Fixed16>(r, sums, n, dst);
      break;
    case BoxRounding::Float32Or64:
      store_row<BoxRounding::Float32Or64>(r, sums, n, dst);
      break;
    case BoxRounding::Float64:
      store_row<BoxRounding::Float64>(r, sums, n, dst);
      break;
  }
}

}  // namespace sat::filters
