// Unsigned 128-bit integers for the moments of 16-bit windows (host and device, the same bits):
// n·Σx² − (Σx)² of a window of n 16-bit samples reaches 65535²·n², past 2^64 for n ≥ 65 537
// (windows above 255 × 255). Products by 64 × 64 → 128-bit multiplication, compared exactly,
// converted to double with one rounding (to nearest, ties to even).
#pragma once

#include <cstdint>

#include "filters/filter_ops.h"

namespace sat::filters {

struct U128 {
  uint64_t hi = 0, lo = 0;
};

SAT_HOST_DEVICE U128 mul_wide(uint64_t a, uint64_t b) {
#if defined(__CUDA_ARCH__)
  return {__umul64hi(a, b), a * b};
#else
  const unsigned __int128 p = static_cast<unsigned __int128>(a) * b;
  return {uint64_t(p >> 64), uint64_t(p)};
#endif
}

SAT_HOST_DEVICE U128 sub_wide(U128 a, U128 b) { return {a.hi - b.hi - (a.lo < b.lo ? 1u : 0u), a.lo - b.lo}; }

SAT_HOST_DEVICE bool less_wide(U128 a, U128 b) { return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo); }

SAT_HOST_DEVICE int leading_zeros(uint64_t v) {  // v ≠ 0
#if defined(__CUDA_ARCH__)
  return __clzll((long long)v);
#else
  return __builtin_clzll(v);
#endif
}

// v rounded once to a double: the top 64 bits with a sticky bit for the rest (a 1 below the
// rounding position of the 53-bit significand whenever anything below was 1), converted by one
// correctly rounded u64 → double, then scaled by 2^shift (exact).
SAT_HOST_DEVICE double to_double_rn(U128 v) {
  if (v.hi == 0) return u64_to_double(v.lo);
  const int shift = 64 - leading_zeros(v.hi);  // 1 … 64
  uint64_t top, rest;
  if (shift == 64) {
    top = v.hi;
    rest = v.lo;
  } else {
    top = (v.hi << (64 - shift)) | (v.lo >> shift);
    rest = v.lo << (64 - shift);
  }
  const double scale = mul_rn(double(uint64_t(1) << (shift - 1)), 2.0);  // 2^shift, exact
  return mul_rn(u64_to_double(top | (rest != 0 ? 1u : 0u)), scale);
}

// n·q − s² ≥ 0 for the sums s = Σx, q = Σx² of n samples (Cauchy–Schwarz): n²·σ², exact.
SAT_HOST_DEVICE U128 scaled_variance(uint64_t n, uint64_t s, uint64_t q) {
  return sub_wide(mul_wide(n, q), mul_wide(s, s));
}

}  // namespace sat::filters
