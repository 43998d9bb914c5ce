// A box that crosses the border, one axis at a time (host and device).
//
// Along one axis of length `len`, the box of output position `pos` covers the virtual positions
// t = pos − anchor … pos − anchor + k − 1, each read at OpenCV's borderInterpolate(t, len, border).
// The box sum only needs how often each source index is covered, and that count is a sum of a
// few intervals with integer multiplicities:
//   Replicate:  [0,0]×(positions left of 0) + [lo,hi]×1 (the part inside) + [len−1,len−1]×(right)
//   Reflect101: the map is a triangle wave of period P = 2·len − 2 (0 1 … len−1 … 1 0 1 …); q full
//               periods cover [0,len−1]×q + [1,len−2]×q, the remainder (< P positions) is at most
//               three monotone runs, each an interval ×1. len = 1 maps everything to 0.
// Intervals may overlap: a 2D box sum is Σ_i Σ_j m_i·n_j · (rectangle sum rows_i × cols_j).
#pragma once

#include <cstdint>

#include "sat/filters.h"
#include "sat/types.h"

namespace sat::filters {

struct AxisTerms {
  static constexpr int kMax = 5;
  int n = 0;
  int lo[kMax] = {};
  int hi[kMax] = {};
  uint32_t mult[kMax] = {};  // ≤ k ≤ INT_MAX

  SAT_HOST_DEVICE void add(int64_t a, int64_t b, int64_t m) {
    if (a > b || m <= 0) return;
    lo[n] = int(a);
    hi[n] = int(b);
    mult[n] = uint32_t(m);
    ++n;
  }
  // One interval of multiplicity 1: the box lies inside the image along this axis.
  SAT_HOST_DEVICE bool simple() const { return n == 1 && mult[0] == 1; }
};

SAT_HOST_DEVICE int64_t mx(int64_t a, int64_t b) { return a > b ? a : b; }
SAT_HOST_DEVICE int64_t mn(int64_t a, int64_t b) { return a < b ? a : b; }

// OpenCV's default anchor: the kernel's centre, k / 2.
SAT_HOST_DEVICE int default_anchor(int k) { return k / 2; }

// The box's indices lo … hi along one axis at one output position. `interior`: they all lie in
// the image, so the box needs no border rule along this axis (lo, hi are only meaningful then).
struct BoxSpan {
  int lo = 0, hi = 0;
  bool interior = false;
};

SAT_HOST_DEVICE BoxSpan box_span(int pos, int len, int k, int anchor) {
  const int64_t s = int64_t(pos) - anchor, e = s + k - 1;
  if (s < 0 || e > len - 1) return {};
  return {int(s), int(e), true};
}

// The output positions whose box lies inside the image along one axis: anchor … len − k + anchor
// (box_span is interior exactly there); lo > hi when the box is longer than the axis.
struct PositionRange {
  int lo = 0, hi = -1;
};

SAT_HOST_DEVICE PositionRange interior_positions(int len, int k, int anchor) {
  const int64_t hi = int64_t(len) - k + anchor;
  if (hi < anchor) return {};
  return {anchor, int(hi)};
}

// The pixels whose box lies inside the image on both axes: columns x.lo … x.hi, rows y.lo … y.hi.
struct InteriorRect {
  PositionRange x, y;
  SAT_HOST_DEVICE bool empty() const { return x.lo > x.hi || y.lo > y.hi; }
};

SAT_HOST_DEVICE AxisTerms axis_terms(int pos, int len, int k, int anchor, Border border) {
  AxisTerms t;
  const BoxSpan inside = box_span(pos, len, k, anchor);
  if (inside.interior) {  // the common case
    t.add(inside.lo, inside.hi, 1);
    return t;
  }
  const int64_t s = int64_t(pos) - anchor;
  const int64_t e = s + k - 1;
  if (border == Border::Replicate) {
    if (s < 0) t.add(0, 0, mn(e, -1) - s + 1);
    t.add(mx(s, 0), mn(e, len - 1), 1);
    if (e > len - 1) t.add(len - 1, len - 1, e - mx(s, len) + 1);
    return t;
  }
  // Reflect101.
  if (len == 1) {
    t.add(0, 0, k);
    return t;
  }
  const int64_t P = 2 * int64_t(len) - 2;
  const int64_t q = k / P, rem = k % P;
  if (q > 0) {
    t.add(0, len - 1, q);
    t.add(1, len - 2, q);  // empty when len = 2
  }
  if (rem > 0) {
    const int64_t sm = ((s % P) + P) % P;  // the remainder starts where the box starts, mod P
    const int64_t em = sm + rem - 1;       // < 2P − 1
    // [0, len−1]: ascending u → u;  [len, P−1]: descending u → P − u;
    // [P, P+len−1]: ascending u → u − P;  [P+len, 2P−1]: descending u → 2P − u.
    t.add(sm, mn(em, len - 1), 1);
    {
      const int64_t a = mx(sm, len), b = mn(em, P - 1);
      if (a <= b) t.add(P - b, P - a, 1);
    }
    {
      const int64_t a = mx(sm, P), b = mn(em, P + len - 1);
      if (a <= b) t.add(a - P, b - P, 1);
    }
    {
      const int64_t a = mx(sm, P + len), b = em;
      if (a <= b) t.add(2 * P - b, 2 * P - a, 1);
    }
  }
  return t;
}

// Bradley–Roth's window: the box clipped to the image (no border rule), always interior.
SAT_HOST_DEVICE BoxSpan clipped_span(int pos, int len, int k, int anchor) {
  const int64_t s = int64_t(pos) - anchor, e = s + k - 1;
  return {int(s < 0 ? 0 : s), int(e > len - 1 ? len - 1 : e), true};
}

}  // namespace sat::filters
