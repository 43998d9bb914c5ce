// One guided-filter call as both backends run it: which variant, the images, the window, the
// fixed-point format of the coefficients and the scratch planes (host and device).
//
// The pipeline (run.cpp), each step identical on both backends:
//   1. inputs    the guide's and the source's values and products per pixel (u32, exact), written
//                as planes of u32x2 — except the gray self-guided filter, whose table is the
//                image's own {Σx, Σx²} (U8ToSumSq, no input planes);
//   2. tables    of every input plane, in one batched satcore launch (CPU: the same tables);
//   3. coefficients per pixel, in double from the exact integer window sums (guided_math.h),
//                quantised to fixed point: a with kCoefBits, b with kOffsetBits fractional bits,
//                written as planes of u32x2 over the input planes of step 1;
//   4. tables    of the coefficient planes, one batched launch, over the tables of step 2;
//   5. output    q = mean(a)·(I − 128) + mean(b) + 128 from exact integer window sums of the
//                fixed-point coefficients, rounded once (half to even, as cvRound), saturated.
//
// Coefficients are centred on 128: a multiplies I − 128 (|I − 128| ≤ 128) and b is the offset at
// I = 128, so that both stay small (b ∈ [−128, 128] for the gray filter) and their fixed-point
// sums fit 32 bits over large windows.
#pragma once

#include <cstddef>
#include <cstdint>

#include "filters/guided/reflect_box.h"
#include "sat/filter_params.h"
#include "sat/types.h"

namespace sat::filters::guided {

enum class Variant {
  SelfGray,     // 1-channel image guiding itself: a, b per pixel
  GrayGuide,    // colour image guided by its gray version: a_c, b_c per colour channel
  ColourGuide,  // colour image guiding itself: the 3×3 matrix a (symmetric) and b_c
};

// Planes of u32x2 per step: the inputs (step 1; SelfGray: none, its table is a SumSq) and the
// coefficients (step 3).
//   GrayGuide inputs       I, I², B, G, R, I·B, I·G, I·R          (I = gray of BGR)
//   ColourGuide inputs     B, G, R, B·B, B·G, B·R, G·G, G·R, R·R, 0
//   SelfGray coefficients  a, b
//   GrayGuide coefficients a_B, b_B, a_G, b_G, a_R, b_R
//   ColourGuide coefficients  a_BB, a_BG, a_BR, a_GG, a_GR, a_RR, b_B, b_G, b_R, 0
SAT_HOST_DEVICE constexpr int input_planes(Variant v) {
  return v == Variant::SelfGray ? 0 : v == Variant::GrayGuide ? 4 : 5;
}
SAT_HOST_DEVICE constexpr int coefficient_planes(Variant v) {
  return v == Variant::SelfGray ? 1 : v == Variant::GrayGuide ? 3 : 5;
}

// Fixed point of the coefficients: a in steps of 2^-17, b in steps of 2^-10 (round to nearest).
// The output's error before its one rounding is at most G·128·2^-18 + 2^-11 gray levels for G
// guide channels: 2^-10 (gray guides), 2^-9 (colour guide) — far below the float32 arithmetic of
// cv::ximgproc::guidedFilter.
inline constexpr int kCoefBits = 17;
inline constexpr int kOffsetBits = 10;
inline constexpr int kCentre = 128;

// 16-bit gray images (SelfGray only): centred on 32768, so that b' ∈ [−32768, 32768); b in steps
// of 2^-2 keeps |b_q| ≤ 2^17 + 1, the 8-bit bound, and with it the coefficient tables' exact
// rectangles. The output's error before its one rounding is at most 2^15 · 2^-18 (a, times
// |I − 32768| ≤ 2^15) + 2^-3 (b) = 0.25 of a 16-bit level (2^-10 of an 8-bit level, as the
// 8-bit filter's bound): the output is within one level of the exact-arithmetic filter.
inline constexpr int kOffsetBits16 = 2;
inline constexpr int kCentre16 = 32768;

// Input values are below 2^16 (at most 255² = 65025): a rectangle of up to ⌊(2^32 − 1)/65025⌋
// pixels sums exactly in u32 (windows up to 257 × 257 in 4 taps).
inline constexpr int64_t kInputRectLimit = 66051;

struct Job {
  Variant variant = Variant::SelfGray;
  const uint8_t* src = nullptr;  // BGR[A] or gray (16-bit: the rows' bytes); read by steps 1 and 5 only
  std::size_t src_pitch = 0;
  int channels = 1;
  uint8_t* dst = nullptr;  // src's channels; may be src itself
  std::size_t dst_pitch = 0;
  int width = 0, height = 0, radius = 1;

  bool sixteen = false;           // uint16_t samples (SelfGray only): src and dst rows of uint16_t
  int centre = kCentre;           // kCentre, kCentre16
  int offset_bits = kOffsetBits;  // kOffsetBits, kOffsetBits16
  int max_value = 255;            // the largest output sample: 255, 65535

  int64_t n = 9;      // window pixels, (2·radius + 1)² (with BORDER_REFLECT every window has n)
  double eps_n2 = 0;  // eps · n²: the regulariser in the units of n² · variance (integer sums)
  int32_t max_a = 0;  // bounds of the quantised coefficients, |a_q| ≤ max_a, |b_q| ≤ max_b
  int32_t max_b = 0;  // (the clamp that keeps them there never changes a value: guided_math.h)

  SumSq* sumsq = nullptr;  // SelfGray's step-2 table, width × height, packed rows
  std::size_t sumsq_pitch = 0;
  PlaneStack inputs;           // steps 1 and 3 write these planes
  PlaneStack tables;           // steps 2 and 4 (SelfGray: the same memory as sumsq)
  ReflectBox input_box;        // the windows of step 3 over the input tables
  ReflectBox coefficient_box;  // the windows of step 5 over the coefficient tables
};

}  // namespace sat::filters::guided
