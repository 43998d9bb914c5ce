// The guided filter's window (host and device): a (2·radius + 1)² box centred on the pixel with
// OpenCV's BORDER_REFLECT (fedcba|abcdefgh|hgfedcb), the border cv::ximgproc::guidedFilter's box
// means use — not the reflect-101 of border.h — and its exact box sums from stacks of u32x2
// tables (fixed-point planes, signed or not) or from a SumSq table.
//
// Exactness. A rectangle's sum from 4 taps of a u32 table, evaluated in u32 (wrap-around), is
// exact when the true sum fits: below 2^32 for non-negative planes, in [−2^31, 2^31) for signed
// ones (the u32 result read as int32). Each stack states `rect_limit`, the most pixels a
// rectangle may have for that to hold; larger rectangles (huge windows, or the border's
// rectangles that span the image) are summed in chunks of at most rect_limit pixels, into int64.
#pragma once

#include <cstddef>
#include <cstdint>

#include "filters/border.h"
#include "filters/box_sum.h"
#include "sat/types.h"

// `#pragma unroll` for the device compiler only (host compilers warn about an unknown pragma).
#if defined(__CUDA_ARCH__)
#define SAT_GUIDED_UNROLL _Pragma("unroll")
#else
#define SAT_GUIDED_UNROLL
#endif

namespace sat::filters::guided {

// BORDER_REFLECT along one axis of length len: position t reads index u = t mod 2·len when
// u < len, else 2·len − 1 − u (a triangle wave 0 1 … len−1 len−1 … 1 0 0 1 …). The box of
// output position pos covers t = pos − radius … pos + radius; the terms say how often each
// index is covered, as a few intervals with multiplicities (border.h's AxisTerms): full periods
// cover [0, len−1] twice each, the remainder (< 2·len positions) is at most four monotone runs.
SAT_HOST_DEVICE AxisTerms reflect_terms(int pos, int len, int radius) {
  AxisTerms t;
  const int64_t k = 2 * int64_t(radius) + 1;
  const int64_t s = int64_t(pos) - radius, e = s + k - 1;
  if (s >= 0 && e <= len - 1) {  // the common case: inside the image
    t.add(s, e, 1);
    return t;
  }
  const int64_t P = 2 * int64_t(len);
  const int64_t q = k / P, rem = k % P;
  if (q > 0) t.add(0, len - 1, 2 * q);
  if (rem > 0) {
    const int64_t sm = ((s % P) + P) % P;  // where the remainder starts, mod P
    const int64_t em = sm + rem - 1;       // ≤ 2P − 2
    // [0, len−1]: u → u;  [len, P−1]: u → P−1−u;  [P, P+len−1]: u → u−P;  [P+len, 2P−1]: u → 2P−1−u.
    t.add(sm, mn(em, len - 1), 1);
    {
      const int64_t a = mx(sm, len), b = mn(em, P - 1);
      if (a <= b) t.add(P - 1 - b, P - 1 - a, 1);
    }
    {
      const int64_t a = mx(sm, P), b = mn(em, P + len - 1);
      if (a <= b) t.add(a - P, b - P, 1);
    }
    {
      const int64_t a = mx(sm, P + len), b = em;
      if (a <= b) t.add(2 * P - 1 - b, 2 * P - 1 - a, 1);
    }
  }
  return t;
}

// The window of one pass over an image, and the rectangle size its tables sum exactly in 4 taps.
struct ReflectBox {
  int width = 0, height = 0, radius = 1;
  int64_t rect_limit = 0;  // pixels

  SAT_HOST_DEVICE int side() const { return 2 * radius + 1; }
  SAT_HOST_DEVICE bool taps_exact() const { return int64_t(side()) * side() <= rect_limit; }
  // The pixels whose window lies inside the image and is summed by 4 taps per table.
  SAT_HOST_DEVICE InteriorRect interior() const {
    if (!taps_exact()) return {};
    return {interior_positions(width, side(), radius), interior_positions(height, side(), radius)};
  }
  SAT_HOST_DEVICE BoxSpan row(int y) const {
    BoxSpan rows = box_span(y, height, side(), radius);
    rows.interior = rows.interior && taps_exact();
    return rows;
  }
  SAT_HOST_DEVICE BoxSpan col(int x) const {
    BoxSpan cols = box_span(x, width, side(), radius);
    cols.interior = cols.interior && taps_exact();
    return cols;
  }
};

// kPlanes planes of u32x2 tables (or of their inputs), each width × height, rows `pitch` bytes
// apart, plane p starting p · plane_stride bytes after the first.
struct PlaneStack {
  u32x2* base = nullptr;
  std::size_t pitch = 0;
  std::size_t plane_stride = 0;

  SAT_HOST_DEVICE u32x2* row(int plane, int y) const {
    return reinterpret_cast<u32x2*>(reinterpret_cast<char*>(base) + plane_stride * std::size_t(plane) +
                                    pitch * std::size_t(y));
  }
  SAT_HOST_DEVICE u32x2 at(int plane, int y, int x) const { return row(plane, y)[x]; }
};

template <bool kSigned>
SAT_HOST_DEVICE int64_t widen_lane(uint32_t v) {
  if constexpr (kSigned)
    return int64_t(int32_t(v));
  else
    return int64_t(v);
}

// Σ of plane p over rows r0..r1 × cols c0..c1 (inside the image), both lanes, as the table's u32
// arithmetic gives it: exact when the rectangle has at most rect_limit pixels.
SAT_HOST_DEVICE u32x2 plane_rect(const PlaneStack& s, int p, int r0, int r1, int c0, int c1) {
  u32x2 a = s.at(p, r1, c1);
  if (r0 > 0) a = a - s.at(p, r0 - 1, c1);
  if (c0 > 0) {
    a = a - s.at(p, r1, c0 - 1);
    if (r0 > 0) a = a + s.at(p, r0 - 1, c0 - 1);
  }
  return a;
}

// acc[2p], acc[2p + 1] += mult · Σ of plane p over the rectangle, exactly, for every plane:
// rectangles of more than rect_limit pixels in chunks of columns and bands of rows that fit.
template <int kPlanes, bool kSigned>
SAT_HOST_DEVICE void add_rect_sums(const PlaneStack& s, int r0, int r1, int c0, int c1, int64_t rect_limit,
                                   int64_t mult, int64_t (&acc)[2 * kPlanes]) {
  const int64_t cols = int64_t(c1) - c0 + 1;
  const int64_t chunk_cols = cols < rect_limit ? cols : rect_limit;
  const int64_t band_rows = rect_limit / chunk_cols;  // ≥ 1
  for (int64_t c = c0; c <= c1; c += chunk_cols) {
    const int ce = int(mn(c + chunk_cols - 1, c1));
    for (int64_t r = r0; r <= r1; r += band_rows) {
      const int re = int(mn(r + band_rows - 1, r1));
      SAT_GUIDED_UNROLL
      for (int p = 0; p < kPlanes; ++p) {
        const u32x2 v = plane_rect(s, p, int(r), re, int(c), ce);
        acc[2 * p] += mult * widen_lane<kSigned>(v.x);
        acc[2 * p + 1] += mult * widen_lane<kSigned>(v.y);
      }
    }
  }
}

// The window sums of every plane over rows r0..r1 × cols c0..c1 by 4 taps each (the window lies
// inside the image and has at most rect_limit pixels).
template <int kPlanes, bool kSigned>
SAT_HOST_DEVICE void tap_sums(const PlaneStack& s, int r0, int r1, int c0, int c1, int64_t (&acc)[2 * kPlanes]) {
  SAT_GUIDED_UNROLL
  for (int p = 0; p < kPlanes; ++p) {
    const u32x2 v = plane_rect(s, p, r0, r1, c0, c1);
    acc[2 * p] = widen_lane<kSigned>(v.x);
    acc[2 * p + 1] = widen_lane<kSigned>(v.y);
  }
}

// The exact window sums of every plane at pixel (x, y), given its window's rows (box.row(y)):
// 4 taps per plane where the window lies inside the image (always, for Path::Interior), else the
// reflected window's terms.
template <Path kPath, int kPlanes, bool kSigned>
SAT_HOST_DEVICE void window_sums(const PlaneStack& s, const ReflectBox& box, const BoxSpan& rows, int x, int y,
                                 int64_t (&acc)[2 * kPlanes]) {
  const BoxSpan cols = box.col(x);
  if constexpr (kPath == Path::Interior) {
    tap_sums<kPlanes, kSigned>(s, rows.lo, rows.hi, cols.lo, cols.hi, acc);
  } else if (rows.interior && cols.interior) {
    tap_sums<kPlanes, kSigned>(s, rows.lo, rows.hi, cols.lo, cols.hi, acc);
  } else {
    for (int i = 0; i < 2 * kPlanes; ++i) acc[i] = 0;
    const AxisTerms rt = reflect_terms(y, box.height, box.radius);
    const AxisTerms ct = reflect_terms(x, box.width, box.radius);
    for (int i = 0; i < rt.n; ++i)
      for (int j = 0; j < ct.n; ++j)
        add_rect_sums<kPlanes, kSigned>(s, rt.lo[i], rt.hi[i], ct.lo[j], ct.hi[j], box.rect_limit,
                                        int64_t(rt.mult[i]) * ct.mult[j], acc);
  }
}

// The same for a SumSq table ({Σx, Σx²} in 64 bits: every rectangle exact).
template <Path kPath>
SAT_HOST_DEVICE SumSq window_sums(const TableView<SumSq>& t, const ReflectBox& box, const BoxSpan& rows, int x, int y) {
  const BoxSpan cols = box.col(x);
  if constexpr (kPath == Path::Interior) {
    return rect(t, rows.lo, rows.hi, cols.lo, cols.hi);
  } else {
    if (rows.interior && cols.interior) return rect(t, rows.lo, rows.hi, cols.lo, cols.hi);
    return box_sum(t, reflect_terms(y, box.height, box.radius), reflect_terms(x, box.width, box.radius));
  }
}

}  // namespace sat::filters::guided
