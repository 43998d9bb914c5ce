// Infinities and NaNs in the float tilted table, one rule for both backends.
//
// cv::integral only adds, so a tilted value is the IEEE sum of its triangle's pixels: NaN when
// the triangle holds a NaN or both +inf and −inf, +inf when it holds +inf (and no −inf or NaN),
// −inf likewise, else finite (in double, the finite pixels of a float image never overflow). The
// recurrences of sat's tables subtract — t[Y−1][X−1] + t[Y−1][X+1] − t[Y−2][X] on the CPU,
// A − B + triangle on the GPU (tilted.h) — and an inf pixel would give inf − inf = NaN in every
// value below it that the subtraction reaches. So both backends sum the finite pixels only (a
// non-finite pixel counts as 0) and, beside them, count per triangle with the same recurrences
// in u32 (wrap-around makes the subtractions exact) the pixels that are +inf or NaN ("up") and
// those that are −inf or NaN ("down"); tilted_value() then gives the IEEE sum's class: both
// counts non-zero is NaN (a NaN counts in both), one of them ±inf, neither the finite sum.
#pragma once

#include <cfloat>
#include <cstdint>
#include <limits>

#include "sat/types.h"

namespace sat::detail {

SAT_HOST_DEVICE bool is_finite_value(float v) { return v >= -FLT_MAX && v <= FLT_MAX; }  // false for ±inf, NaN
// The pixel as the finite sums see it.
SAT_HOST_DEVICE float finite_part(float v) { return is_finite_value(v) ? v : 0.f; }
SAT_HOST_DEVICE uint8_t finite_part(uint8_t v) { return v; }
// 1 for +inf or NaN, 0 else; 1 for −inf or NaN, 0 else.
SAT_HOST_DEVICE uint32_t up_count(float v) { return v > FLT_MAX || v != v ? 1u : 0u; }
SAT_HOST_DEVICE uint32_t down_count(float v) { return v < -FLT_MAX || v != v ? 1u : 0u; }

// A tilted value from its triangle's finite sum and counts.
SAT_HOST_DEVICE float tilted_value(double finite_sum, uint32_t up, uint32_t down) {
  if (up != 0 && down != 0) return std::numeric_limits<float>::quiet_NaN();
  if (up != 0) return std::numeric_limits<float>::infinity();
  if (down != 0) return -std::numeric_limits<float>::infinity();
  return float(finite_sum);
}

}  // namespace sat::detail
