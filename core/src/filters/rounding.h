// OpenCV 4.6's exact 8-bit rounding of cv::blur / cv::boxFilter(normalize) (host and device).
//
// From modules/imgproc/src/box_filter.simd.hpp (createBoxFilter, ColumnSum<ushort,uchar>,
// ColumnSum<int,uchar>, ColumnSum<double,uchar>), N = kw·kh, s = the exact box sum:
//   N = 1          no scaling: s.
//   2 ≤ N ≤ 256    16-bit sums, fixed point with SHIFT = 23:
//                    d = N, f = 2^23 / d, ds = ⌊f⌋, dd = d / 2;
//                    if f − ⌊f⌋ < 0.5: dd += 1, else ds += 1;
//                    v = ((s + dd) · ds mod 2^32) >> 23.
//                  The SIMD loop saturates v to 255; the scalar loop stores (uchar)v, i.e. v mod 256.
//                  For N a power of two f is exact, dd = N/2 + 1, and sums x·N + N/2 − 1 round up
//                  (N = 2: every x.0 becomes x + 1, and two 255s give 256: 255 in SIMD columns, 0 in
//                  scalar ones). That is what OpenCV 4.6 outputs, so it is what we output.
//   N ≤ 2^23       32-bit sums; SIMD: v_round(float(s) · float(1/N)) (fp32, ties to even);
//                  scalar: cvRound(double(s) · (1/N)) (fp64, ties to even). The two differ on exact
//                  and near ties (e.g. N = 282, s = 4371: 16 in fp64, 15 in fp32).
//   N > 2^23       64-bit float sums: cvRound(double(s) · (1/N)) everywhere.
// Which loop handles an element: ColumnSum runs over the row's width·cn elements; its vector
// loops take whole chunks, its scalar loop what is left. ColumnSum<ushort,uchar> (2 ≤ N ≤ 256)
// works in chunks of v_uint8 lanes and finally v_uint8x16 (16): element e = x·cn + c is scalar iff
// e ≥ (width·cn) & ~15. ColumnSum<int,uchar> (256 < N ≤ 2^23) ends with v_uint16x8 chunks (8):
// scalar iff e ≥ (width·cn) & ~7. The same on SSE2, AVX2, AVX-512 and NEON builds (chunks are
// multiples of these), and checked against the installed 4.6 for widths 1 … 80.
#pragma once

#include <cmath>
#include <cstdint>

#include "sat/types.h"

namespace sat::filters {

struct BoxRounding {
  enum Mode : int { Identity, Fixed16, Float32Or64, Float64 };
  Mode mode = Identity;
  uint32_t ds = 1, dd = 0;  // Fixed16
  float fscale = 1.0f;      // Float32Or64, SIMD columns
  double dscale = 1.0;      // Float32Or64 scalar columns, Float64
  int scalar_from = 0;      // first element index handled by OpenCV's scalar loop
};

// kernel_area = kw·kh (≤ INT_MAX, as OpenCV computes it in int); row_elements = width·channels.
inline BoxRounding make_box_rounding(int64_t kernel_area, int64_t row_elements) {
  BoxRounding r;
  r.scalar_from = int(row_elements & ~int64_t(7));  // ColumnSum<int,uchar>
  if (kernel_area == 1) {
    r.mode = BoxRounding::Identity;
  } else if (kernel_area <= 256) {
    r.mode = BoxRounding::Fixed16;
    r.scalar_from = int(row_elements & ~int64_t(15));  // ColumnSum<ushort,uchar>
    const double scale = 1.0 / double(kernel_area);
    const int d = int(std::lrint(1.0 / scale));  // cvRound(1./scale): N again
    double scalef = double(1 << 23) / d;
    int ds = int(std::floor(scalef));
    scalef -= ds;
    int dd = d / 2;
    if (scalef < 0.5)
      ++dd;
    else
      ++ds;
    r.ds = uint32_t(ds);
    r.dd = uint32_t(dd);
  } else if (kernel_area <= (int64_t(1) << 23)) {
    r.mode = BoxRounding::Float32Or64;
    r.dscale = 1.0 / double(kernel_area);
    r.fscale = float(r.dscale);
  } else {
    r.mode = BoxRounding::Float64;
    r.dscale = 1.0 / double(kernel_area);
  }
  return r;
}

SAT_HOST_DEVICE uint8_t clamp_u8(int v) { return uint8_t(v < 0 ? 0 : v > 255 ? 255 : v); }

// Round-half-to-even products, never contracted or computed in wider precision.
SAT_HOST_DEVICE int round_f32_product(uint64_t s, float scale) {
#if defined(__CUDA_ARCH__)
  return __float2int_rn(__fmul_rn(__ll2float_rn((long long)s), scale));
#else
  const float p = float(int64_t(s)) * scale;  // one fp32 product (FLT_EVAL_METHOD 0 on x86-64/ARM64)
  return int(std::nearbyint(p));
#endif
}
SAT_HOST_DEVICE int round_f64_product(uint64_t s, double scale) {
#if defined(__CUDA_ARCH__)
  return __double2int_rn(__dmul_rn(__ll2double_rn((long long)s), scale));
#else
  const double p = double(int64_t(s)) * scale;
  return int(std::nearbyint(p));
#endif
}

// The u8 OpenCV writes for box sum `s` in mode kMode, by its scalar loop (kScalar) or its SIMD
// loop. The CPU backend calls this per row segment with both fixed, so each loop is branch-free.
template <BoxRounding::Mode kMode, bool kScalar>
SAT_HOST_DEVICE uint8_t round_box_as(const BoxRounding& r, uint64_t s) {
  if constexpr (kMode == BoxRounding::Identity) {
    return uint8_t(s);
  } else if constexpr (kMode == BoxRounding::Fixed16) {
    const uint32_t v = ((uint32_t(s) + r.dd) * r.ds) >> 23;
    return kScalar ? uint8_t(v & 255u) : uint8_t(v > 255u ? 255u : v);
  } else if constexpr (kMode == BoxRounding::Float32Or64) {
    return clamp_u8(kScalar ? round_f64_product(s, r.dscale) : round_f32_product(s, r.fscale));
  } else {
    return clamp_u8(round_f64_product(s, r.dscale));
  }
}

// The u8 OpenCV writes for box sum `s` at element index `element` (x·cn + c) of the row.
SAT_HOST_DEVICE uint8_t round_box(const BoxRounding& r, uint64_t s, int element) {
  const bool scalar = element >= r.scalar_from;
  switch (r.mode) {
    case BoxRounding::Identity:
      return round_box_as<BoxRounding::Identity, false>(r, s);
    case BoxRounding::Fixed16:
      return scalar ? round_box_as<BoxRounding::Fixed16, true>(r, s) : round_box_as<BoxRounding::Fixed16, false>(r, s);
    case BoxRounding::Float32Or64:
      return scalar ? round_box_as<BoxRounding::Float32Or64, true>(r, s)
                    : round_box_as<BoxRounding::Float32Or64, false>(r, s);
    case BoxRounding::Float64:
      return round_box_as<BoxRounding::Float64, false>(r, s);
  }
  return 0;
}

}  // namespace sat::filters
