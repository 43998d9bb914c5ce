// Box sums from a summed-area table (host and device): 4 taps per rectangle, a few rectangles
// with multiplicities where the box crosses the border (see border.h).
//
// Two paths: the interior one takes the 4 taps of one rectangle, for the pixels whose box lies
// inside the image (most of them); the border one (border_box_sum) builds border.h's terms for
// both axes and loops over them.
//
// Exactness. A u32 table wraps around, and a rectangle sum evaluated in u32 is exact when the true
// sum fits, i.e. for rectangles of at most 16 843 009 pixels (255 · 16 843 009 = 2^32 − 1). Larger
// rectangles (only for huge images and boxes) are summed in bands of rows that each fit, into
// 64 bits; multiplicities are applied in 64 bits. SumSq and u64 tables (16-bit images) are 64-bit
// and never need that.
#pragma once

#include <cstddef>
#include <cstdint>

#include "filters/border.h"
#include "sat/types.h"

namespace sat::filters {

inline constexpr int64_t kMaxExactU32Pixels = 16843009;  // ⌊(2^32 − 1) / 255⌋

template <class V>
struct TableView {
  const V* base = nullptr;
  std::size_t pitch = 0;  // bytes
  SAT_HOST_DEVICE V at(int r, int c) const {
    return reinterpret_cast<const V*>(reinterpret_cast<const char*>(base) + pitch * std::size_t(r))[c];
  }
};

// Σ of rows r0..r1 × cols c0..c1 (inclusive, inside the image), in the table's own arithmetic.
template <class V>
SAT_HOST_DEVICE V rect(const TableView<V>& t, int r0, int r1, int c0, int c1) {
  V a = t.at(r1, c1);
  if (r0 > 0) a = a - t.at(r0 - 1, c1);
  if (c0 > 0) {
    a = a - t.at(r1, c0 - 1);
    if (r0 > 0) a = a + t.at(r0 - 1, c0 - 1);
  }
  return a;
}

struct U64x4 {
  uint64_t x = 0, y = 0, z = 0, w = 0;
};

SAT_HOST_DEVICE uint64_t widen(uint32_t v) { return v; }
SAT_HOST_DEVICE U64x4 widen(u32x4 v) { return {v.x, v.y, v.z, v.w}; }
SAT_HOST_DEVICE uint64_t widen(uint64_t v) { return v; }  // 64-bit already (16-bit images' tables)
SAT_HOST_DEVICE SumSq widen(SumSq v) { return v; }

// An exact box sum of a table of V: uint64_t (u32), U64x4 (u32x4) or SumSq.
template <class V>
using BoxSumOf = decltype(widen(V{}));

SAT_HOST_DEVICE void mad(uint64_t& acc, uint64_t v, uint64_t m) { acc += v * m; }
SAT_HOST_DEVICE void mad(U64x4& acc, const U64x4& v, uint64_t m) {
  acc.x += v.x * m;
  acc.y += v.y * m;
  acc.z += v.z * m;
  acc.w += v.w * m;
}
SAT_HOST_DEVICE void mad(SumSq& acc, const SumSq& v, uint64_t m) {
  acc.sum += v.sum * m;
  acc.sq += v.sq * m;
}

// Exact rectangle sum of a u32 / u32x4 table, widened to 64 bits.
template <class V>
SAT_HOST_DEVICE BoxSumOf<V> exact_rect(const TableView<V>& t, int r0, int r1, int c0, int c1) {
  const int64_t cols = int64_t(c1) - c0 + 1;
  if ((int64_t(r1) - r0 + 1) * cols <= kMaxExactU32Pixels) return widen(rect(t, r0, r1, c0, c1));
  // Bands of rows that each fit (cols ≤ kMaxExactU32Pixels is checked at engine construction).
  const int band = int(kMaxExactU32Pixels / cols);
  BoxSumOf<V> acc{};
  for (int r = r0; r <= r1; r += band) {
    const int r_end = r1 - r < band - 1 ? r1 : r + band - 1;
    mad(acc, widen(rect(t, r, r_end, c0, c1)), 1);
  }
  return acc;
}
SAT_HOST_DEVICE SumSq exact_rect(const TableView<SumSq>& t, int r0, int r1, int c0, int c1) {
  return rect(t, r0, r1, c0, c1);
}
SAT_HOST_DEVICE uint64_t exact_rect(const TableView<uint64_t>& t, int r0, int r1, int c0, int c1) {
  return rect(t, r0, r1, c0, c1);
}

// The box sum Σ_i Σ_j rows.mult[i] · cols.mult[j] · rect(rows_i × cols_j), exact.
template <class V>
SAT_HOST_DEVICE BoxSumOf<V> box_sum(const TableView<V>& t, const AxisTerms& rows, const AxisTerms& cols) {
  if (rows.simple() && cols.simple()) return exact_rect(t, rows.lo[0], rows.hi[0], cols.lo[0], cols.hi[0]);
  BoxSumOf<V> acc{};
  for (int i = 0; i < rows.n; ++i)
    for (int j = 0; j < cols.n; ++j)
      mad(acc, exact_rect(t, rows.lo[i], rows.hi[i], cols.lo[j], cols.hi[j]), uint64_t(rows.mult[i]) * cols.mult[j]);
  return acc;
}

// A box filter's geometry: image size, box size, anchor (the box of pixel (x, y) starts at
// (x − ax, y − ay)) and the border rule.
struct BoxShape {
  int width = 0, height = 0;
  int kw = 1, kh = 1, ax = 0, ay = 0;
  Border border = Border::Reflect101;
};

// The exact box sum of pixel (x, y) wherever its box lies: border.h's terms on both axes, and
// rectangles summed in bands where they are too large for 32 bits.
template <class V>
SAT_HOST_DEVICE BoxSumOf<V> border_box_sum(const TableView<V>& t, const BoxShape& s, int x, int y) {
  return box_sum(t, axis_terms(y, s.height, s.kh, s.ay, s.border), axis_terms(x, s.width, s.kw, s.ax, s.border));
}

// Which path a pixel's box sum takes (box_sum_at).
enum class Path {
  Interior,  // the caller knows that the box lies inside the image and that 4 taps are exact
  Any,       // decided per pixel: 4 taps where they apply, else border_box_sum
};

// The exact box sum of pixel (x, y), given its box's rows (decided once per output row). With
// Path::Any, rows.interior must be false where 4 taps of a u32 table are not exact (box area
// above kMaxExactU32Pixels): those boxes take border_box_sum's banded sums.
template <Path kPath, class V>
SAT_HOST_DEVICE BoxSumOf<V> box_sum_at(const TableView<V>& t, const BoxShape& s, const BoxSpan& rows, int x, int y) {
  const BoxSpan cols = box_span(x, s.width, s.kw, s.ax);
  if (kPath == Path::Interior || (rows.interior && cols.interior))
    return widen(rect(t, rows.lo, rows.hi, cols.lo, cols.hi));
  return border_box_sum(t, s, x, y);
}

}  // namespace sat::filters
