// The sum of a box given by its first column and row and its size, reflect-101 borders, from a
// summed-area table (host and device) — for filters whose box changes from pixel to pixel
// (variable-radius blur, Kuwahara's quadrants), where no interior rectangle can be set apart for
// a whole pass.
//
// Where the box is no longer than the image along an axis, reflect-101 folds at most one end of
// it back onto the image: the axis is covered by at most two intervals, each once (fold_interval),
// so the box is 1, 2 or 4 rectangles of 4 taps — few registers, no loop over the box. A box
// longer than an axis (small images) takes border.h's general terms, out of line on the device:
// it is rare, and its term arrays (indexed at run time) would otherwise weigh on every pixel.
//
// Exactness: the sums are taken in the table's own arithmetic (u32 wraps around) and widened to
// 64 bits at the end: exact when the true box sum fits the table's type (the caller's bound).
#pragma once

#include "filters/border.h"
#include "filters/box_sum.h"

namespace sat::filters {

#if defined(__CUDACC__)
#define SAT_HOST_DEVICE_NOINLINE __host__ __device__ __noinline__
#else
#define SAT_HOST_DEVICE_NOINLINE inline
#endif

// Reflect-101 coverage of positions s … e (e − s + 1 ≤ len) of an axis of length len: intervals
// [lo[i], hi[i]], i < n, each covered once.
struct FoldedAxis {
  int n = 1;
  int lo[2] = {}, hi[2] = {};
};

SAT_HOST_DEVICE FoldedAxis fold_interval(int s, int e, int len) {
  FoldedAxis f;
  if (s < 0) {  // −1 … s read 1 … −s
    f.lo[0] = 0, f.hi[0] = e;
    f.lo[1] = 1, f.hi[1] = -s;
    f.n = 2;
  } else if (e > len - 1) {  // len … e read len − 2 … 2·len − 2 − e
    f.lo[0] = s, f.hi[0] = len - 1;
    f.lo[1] = 2 * len - 2 - e, f.hi[1] = len - 2;
    f.n = 2;
  } else {
    f.lo[0] = s, f.hi[0] = e;
  }
  return f;
}

// A box: columns x0 … x0 + kw − 1, rows y0 … y0 + kh − 1 (may start or end outside the image).
struct BoxAt {
  int x0 = 0, y0 = 0, kw = 1, kh = 1;
};

template <class V>
SAT_HOST_DEVICE_NOINLINE BoxSumOf<V> general_box_sum(const TableView<V>& t, int width, int height, BoxAt b) {
  // border.h's terms for output position 0 with anchor −x0 start the box at x0.
  return box_sum(t, axis_terms(0, height, b.kh, -b.y0, Border::Reflect101),
                 axis_terms(0, width, b.kw, -b.x0, Border::Reflect101));
}

// Σ of box b over a width × height image with reflect-101 borders, exact (see above).
template <class V>
SAT_HOST_DEVICE BoxSumOf<V> folded_box_sum(const TableView<V>& t, int width, int height, BoxAt b) {
  if (b.kw > width || b.kh > height) return general_box_sum(t, width, height, b);
  const FoldedAxis rows = fold_interval(b.y0, b.y0 + b.kh - 1, height);
  const FoldedAxis cols = fold_interval(b.x0, b.x0 + b.kw - 1, width);
  V acc = rect(t, rows.lo[0], rows.hi[0], cols.lo[0], cols.hi[0]);
  if (cols.n == 2) acc = acc + rect(t, rows.lo[0], rows.hi[0], cols.lo[1], cols.hi[1]);
  if (rows.n == 2) {
    acc = acc + rect(t, rows.lo[1], rows.hi[1], cols.lo[0], cols.hi[0]);
    if (cols.n == 2) acc = acc + rect(t, rows.lo[1], rows.hi[1], cols.lo[1], cols.hi[1]);
  }
  return widen(acc);
}

}  // namespace sat::filters
