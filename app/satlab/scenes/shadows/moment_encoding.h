// How one shadow-map texel's moments (z, m2) — the light-space depth z ∈ [0, 1] and its second
// moment m2 ≈ z² — become the summed-area table's input, and how a box of that table becomes a
// mean and a second moment again. Shared by the CUDA kernel, the CPU path, the tests, and mirrored
// in shaders/shadow_world.frag.glsl (keep the two in step).
//
// Fixed32: q = round(v · scale) in uint32 for v ∈ [0, 1]. The table wraps around, but a box sum
// evaluated in uint32 (four taps, unsigned subtraction) is exact whenever the true sum fits in
// 32 bits: with at most A texels of value ≤ scale each, scale = ⌊(2³² − 1) / A⌋ guarantees it.
// The only error left is the rounding of each texel: |mean − true mean| ≤ 0.5 / scale.
#pragma once

#include <cmath>
#include <cstdint>

#include "sat/types.h"
#include "scenes/shadows/shadow_settings.h"

namespace satlab::shadows {

// The fixed-point scale for boxes of up to max_box_area texels.
SAT_HOST_DEVICE double fixed_scale_for_area(double max_box_area) { return floor(4294967295.0 / max_box_area); }
// The scale the demo uses: boxes up to kMaxBoxTexels² texels.
inline constexpr double kFixedScale = 66051.0;
static_assert(kFixedScale * kMaxBoxTexels * kMaxBoxTexels <= 4294967295.0 &&
                  (kFixedScale + 1) * kMaxBoxTexels * kMaxBoxTexels > 4294967295.0,
              "kFixedScale must be floor((2^32 - 1) / kMaxBoxTexels^2)");

SAT_HOST_DEVICE float clamp01(float v) { return v < 0.0f ? 0.0f : (v > 1.0f ? 1.0f : v); }

SAT_HOST_DEVICE sat::f32x2 encode_float(float z, float m2, bool centered) {
  if (!centered) return {z, m2};
  // (z − ½)² = z² − z + ¼: the centred second moment keeps the derivative term of m2.
  return {z - 0.5f, m2 - z + 0.25f};
}

SAT_HOST_DEVICE sat::u32x2 encode_fixed(float z, float m2, double scale) {
  return {static_cast<uint32_t>(llround(double(clamp01(z)) * scale)),
          static_cast<uint32_t>(llround(double(clamp01(m2)) * scale))};
}

// Mean and mean square of a box from its table sums (area texels).
struct BoxMoments {
  double mean = 0, mean_sq = 0;
  double variance() const { return mean_sq - mean * mean; }
};

inline BoxMoments decode_float(sat::f32x2 box_sum, double area, bool centered) {
  const double m1 = box_sum.x / area, m2 = box_sum.y / area;
  // Centred: the variance is shift-invariant, so E[z²] = E[(z − ½)²] + E[z] − ¼ with E[z] = m1 + ½.
  if (centered) return {m1 + 0.5, m2 + (m1 + 0.5) - 0.25};
  return {m1, m2};
}

inline BoxMoments decode_fixed(sat::u32x2 box_sum, double area, double scale) {
  return {box_sum.x / (scale * area), box_sum.y / (scale * area)};
}

}  // namespace satlab::shadows
