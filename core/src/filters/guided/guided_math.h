// The guided filter's arithmetic per pixel (host and device), one definition for both backends:
// the coefficients from exact integer window sums, in IEEE double with every operation rounded
// once (filter_ops.h's mul_rn, add_rn, div_rn: no fused multiply-add on either side), then
// quantised to the fixed point of guided_job.h; and the output from the integer window sums of
// those, rounded once in integer arithmetic. Same inputs, same bits, on the CPU and the GPU.
//
// In the notation of He, Sun, Tang (and cv::ximgproc::guidedFilter), with window means over the
// n = (2r + 1)² pixels of a window (BORDER_REFLECT) and eps in squared gray levels:
//   gray guide I, source p:  a = cov(I, p) / (var(I) + eps),  b = mean(p) − a·mean(I)
//   colour guide I (3-vector), source channel p_c:
//                            a_c = (Σ + eps·U)⁻¹ cov(I, p_c),  b_c = mean(p_c) − a_c·mean(I)
//   output                   q = mean(a)·I + mean(b)   (mean over the window of each pixel)
// All (co)variances are taken as n²·cov = n·Σxy − Σx·Σy: exact int64 (|·| ≤ 65025·n² < 2^63 for
// n ≤ 2049²). We store a and b' = b + 128·Σa − 128, so that q = mean(a)·(I − 128) + mean(b') + 128.
//
// Bounds of the stored values (they size the fixed point; guided_job.h, run.cpp):
//   self-guided gray     a = var/(var + eps) ∈ [0, 1);  b' = (mean − 128)(1 − a) ∈ [−128, 128)
//   colour guide itself  a = W' := (Σ + eps·U)⁻¹Σ, symmetric with eigenvalues λ/(λ + eps) ∈ [0, 1):
//                        |a_gh| ≤ 1; b' = eps·(Σ + eps·U)⁻¹ (mean − 128), |b'_c| ≤ 128·√3
//   gray guide, colour p |a| ≤ √(var I · var p)/(var I + eps) ≤ 127.5 / (2·√eps);
//                        |b'| ≤ 128·(1 + |a|)
#pragma once

#include <cmath>
#include <cstdint>

#include "filters/filter_ops.h"
#include "filters/guided/guided_job.h"
#include "filters/sixteen/wide.h"

namespace sat::filters::guided {

SAT_HOST_DEVICE double floor_rn(double v) {
#if defined(__CUDA_ARCH__)
  return floor(v);
#else
  return std::floor(v);
#endif
}

// v in fixed point with `bits` fractional bits, rounded to nearest (halves up), kept in ±limit.
// The limits are the bounds above: the clamp only guards the int32 sums against a bound proved
// wrong; it changes no value the bounds allow.
SAT_HOST_DEVICE int32_t quantise(double v, int bits, int32_t limit) {
  double f = floor_rn(add_rn(mul_rn(v, double(int64_t(1) << bits)), 0.5));  // × 2^bits: exact
  if (!(f >= -double(limit))) f = -double(limit);
  if (f > double(limit)) f = double(limit);
  return int32_t(f);
}

// (x − centre·n) / n = mean − centre in double.
SAT_HOST_DEVICE double centred_mean(int64_t sum, int64_t n, int64_t centre = kCentre) {
  return div_rn(double(sum - centre * n), double(n));
}

// Self-guided gray image: {Σx, Σx²} of the window → (a, b'). n²·var is exact before its one
// conversion: in int64 for 8-bit samples, in 128 bits for 16-bit ones (65535²·n² passes 2^63
// above 215 × 215 windows; sixteen/wide.h).
SAT_HOST_DEVICE void self_gray_coefficients(const SumSq& s, const Job& j, int32_t (&q)[2]) {
  const int64_t sum = int64_t(s.sum);
  const double var =
      j.sixteen ? to_double_rn(scaled_variance(uint64_t(j.n), s.sum, s.sq)) : double(j.n * int64_t(s.sq) - sum * sum);
  const double a = div_rn(var, add_rn(var, j.eps_n2));
  const double b = mul_rn(centred_mean(sum, j.n, j.centre), add_rn(1.0, -a));
  q[0] = quantise(a, kCoefBits, j.max_a);
  q[1] = quantise(b, j.offset_bits, j.max_b);
}

// Colour image guided by its gray version I: window sums ΣI, ΣI², Σp_c, ΣI·p_c (c = B, G, R)
// → (a_c, b'_c) for each c.
SAT_HOST_DEVICE void gray_guide_coefficients(const int64_t (&s)[8], const Job& j, int32_t (&q)[6]) {
  const int64_t n = j.n;
  const double var = double(n * s[1] - s[0] * s[0]);
  const double den = add_rn(var, j.eps_n2);
  const double mean_i = centred_mean(s[0], n);
  SAT_GUIDED_UNROLL
  for (int c = 0; c < 3; ++c) {
    const double cov = double(n * s[5 + c] - s[0] * s[2 + c]);
    const double a = div_rn(cov, den);
    const double b = add_rn(centred_mean(s[2 + c], n), -mul_rn(a, mean_i));
    q[2 * c] = quantise(a, kCoefBits, j.max_a);
    q[2 * c + 1] = quantise(b, kOffsetBits, j.max_b);
  }
}

// Index of the symmetric 3×3 entry (g, h) in the order BB, BG, BR, GG, GR, RR.
SAT_HOST_DEVICE constexpr int sym_index(int g, int h) {
  return g > h ? sym_index(h, g) : (g == 0 ? h : g == 1 ? 2 + h : 5);
}

// Colour image guiding itself: window sums ΣB, ΣG, ΣR and the six products → the symmetric
// matrix a = U − W and b' = W·(mean − 128), W = eps·(Σ + eps·U)⁻¹, from the adjugate of
// T = n²(Σ + eps·U) (|T| < 2^75 for the catalog's eps ≤ 10^9, det < 2^226: inside double's range).
SAT_HOST_DEVICE void colour_guide_coefficients(const int64_t (&s)[10], const Job& j, int32_t (&q)[10]) {
  const int64_t n = j.n;
  double t[6];  // T in sym_index order
  SAT_GUIDED_UNROLL
  for (int g = 0; g < 3; ++g) SAT_GUIDED_UNROLL
  for (int h = g; h < 3; ++h) {
    const int k = sym_index(g, h);
    const double c = double(n * s[3 + k] - s[g] * s[h]);
    t[k] = g == h ? add_rn(c, j.eps_n2) : c;
  }
  const auto prod_diff = [](double a, double b, double c, double d) { return add_rn(mul_rn(a, b), -mul_rn(c, d)); };
  double adj[6];
  adj[0] = prod_diff(t[3], t[5], t[4], t[4]);
  adj[1] = prod_diff(t[2], t[4], t[1], t[5]);
  adj[2] = prod_diff(t[1], t[4], t[2], t[3]);
  adj[3] = prod_diff(t[0], t[5], t[2], t[2]);
  adj[4] = prod_diff(t[1], t[2], t[0], t[4]);
  adj[5] = prod_diff(t[0], t[3], t[1], t[1]);
  const double det = add_rn(add_rn(mul_rn(t[0], adj[0]), mul_rn(t[1], adj[1])), mul_rn(t[2], adj[2]));
  // T ⪰ eps·n²·U, so det ≥ (eps·n²)³ > 0; were rounding ever to say otherwise, W = U (the
  // regulariser dominating: a = 0, b' = mean − 128) rather than a division by zero.
  const double w = det > 0.0 ? div_rn(j.eps_n2, det) : 0.0;
  double W[6];
  SAT_GUIDED_UNROLL
  for (int k = 0; k < 6; ++k) W[k] = det > 0.0 ? mul_rn(w, adj[k]) : (k == 0 || k == 3 || k == 5 ? 1.0 : 0.0);
  double mean[3];
  SAT_GUIDED_UNROLL
  for (int g = 0; g < 3; ++g) mean[g] = centred_mean(s[g], n);
  SAT_GUIDED_UNROLL
  for (int k = 0; k < 6; ++k) {
    const bool diagonal = k == 0 || k == 3 || k == 5;
    q[k] = quantise(add_rn(diagonal ? 1.0 : 0.0, -W[k]), kCoefBits, j.max_a);
  }
  SAT_GUIDED_UNROLL
  for (int c = 0; c < 3; ++c) {
    const double b = add_rn(add_rn(mul_rn(W[sym_index(c, 0)], mean[0]), mul_rn(W[sym_index(c, 1)], mean[1])),
                            mul_rn(W[sym_index(c, 2)], mean[2]));
    q[6 + c] = quantise(b, kOffsetBits, j.max_b);
  }
  q[9] = 0;
}

// round(num / den) with ties to even (cvRound), saturated to 0 … max_value; den > 0.
SAT_HOST_DEVICE int64_t round_to(int64_t num, int64_t den, int64_t max_value) {
  int64_t v = num / den, r = num % den;
  if (r < 0) {  // floor division
    r += den;
    --v;
  }
  if (2 * r > den || (2 * r == den && (v & 1))) ++v;
  return v < 0 ? 0 : v > max_value ? max_value : v;
}
SAT_HOST_DEVICE uint8_t round_to_u8(int64_t num, int64_t den) { return uint8_t(round_to(num, den, 255)); }

// n · 2^kCoefBits · q, from the window sums of a (scale 2^kCoefBits) and b' (scale 2^offset_bits):
//   Σ_g Σa_g · (I_g − centre) + Σb' · 2^(kCoefBits − offset_bits) + centre · n · 2^kCoefBits.
// |each term| < 2^57 for every window and eps the catalog allows (run.cpp), 16-bit samples too
// (|I − centre| ≤ 2^15, |Σa|, |Σb'| ≤ n·(2^17 + 1), n ≤ 2049²): no overflow.
SAT_HOST_DEVICE int64_t scaled_output(int64_t sum_b, int64_t centre_term, int offset_bits = kOffsetBits) {
  return sum_b * (int64_t(1) << (kCoefBits - offset_bits)) + centre_term;
}

// T = uint8_t, or uint16_t for a 16-bit job.
template <class T>
SAT_HOST_DEVICE void self_gray_output(const int64_t (&t)[2], const T* px, const Job& j, T* out) {
  const int64_t den = j.n << kCoefBits;
  const int64_t c = j.centre;
  out[0] = T(round_to(t[0] * (int64_t(px[0]) - c) + scaled_output(t[1], c * den, j.offset_bits), den, j.max_value));
}

SAT_HOST_DEVICE void gray_guide_output(const int64_t (&t)[6], const uint8_t* px, const Job& j, uint8_t* out) {
  const int64_t den = j.n << kCoefBits;
  const int64_t i = int64_t(bgr_to_gray(px[0], px[1], px[2])) - kCentre;
  SAT_GUIDED_UNROLL
  for (int c = 0; c < 3; ++c) out[c] = round_to_u8(t[2 * c] * i + scaled_output(t[2 * c + 1], kCentre * den), den);
}

SAT_HOST_DEVICE void colour_guide_output(const int64_t (&t)[10], const uint8_t* px, const Job& j, uint8_t* out) {
  const int64_t den = j.n << kCoefBits;
  const int64_t i[3] = {int64_t(px[0]) - kCentre, int64_t(px[1]) - kCentre, int64_t(px[2]) - kCentre};
  SAT_GUIDED_UNROLL
  for (int c = 0; c < 3; ++c) {
    const int64_t num = t[sym_index(c, 0)] * i[0] + t[sym_index(c, 1)] * i[1] + t[sym_index(c, 2)] * i[2];
    out[c] = round_to_u8(num + scaled_output(t[6 + c], kCentre * den), den);
  }
}

}  // namespace sat::filters::guided
