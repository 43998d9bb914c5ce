// Box sums of an 8-bit or 16-bit image, row after row, by separable running sums (CPU backend): no table.
//
// For output row y the sums of every column over the box's rows ("column sums", one per
// element x·cn + c) are kept up to date as y advances: + the row entering the box, − the row
// leaving it. A row's box sums are then differences of the running prefix of its column sums:
//   sum(x) = Σ_t mult_t · (P[hi_t + 1] − P[lo_t]),  P[i] = Σ_{x' < i} column_sum(x'),
// one interval (lo = x − ax, hi = lo + kw − 1) for columns whose box lies inside the row, and
// border.h's intervals with multiplicities for the others (computed once per call). This is
// OpenCV's row/column running-sum box filter with the two axes in the other order; the sums are
// the same integers.
//
// Exactness: Acc is uint32_t or uint64_t and every step is +, − or · in Acc, so each result is
// the exact sum modulo 2^bits(Acc): exact whenever the true box sum fits (uint32_t: boxes of up
// to 16 843 009 pixels of up to 255, box_sum.h's kMaxExactU32Pixels, or 65 537 of up to 65535).
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "filters/border.h"
#include "filters/column_sums.h"
#include "filters/filter_ops.h"
#include "filters/prefix_sums.h"

namespace sat::filters {

// How an axis treats positions outside the image: OpenCV's border rules, or Clip (the window is
// cut to the image, as Bradley–Roth's).
enum class Edge { Reflect101, Replicate, Clip };

inline Edge edge_of(Border border) { return border == Border::Replicate ? Edge::Replicate : Edge::Reflect101; }

// The source index OpenCV's borderInterpolate reads for virtual position t; −1 (nothing) for
// Clip outside the axis.
inline int source_index(int64_t t, int len, Edge edge) {
  if (t >= 0 && t < len) return int(t);
  if (edge == Edge::Clip) return -1;
  if (edge == Edge::Replicate || len == 1) return t < 0 ? 0 : len - 1;
  const int64_t period = 2 * int64_t(len) - 2;  // Reflect101: a triangle wave
  const int64_t u = ((t % period) + period) % period;
  return int(u < len ? u : period - u);
}

// The source intervals (with multiplicities) the window at `pos` covers along one axis.
inline AxisTerms edge_terms(int pos, int len, int k, int anchor, Edge edge) {
  if (edge != Edge::Clip)
    return axis_terms(pos, len, k, anchor, edge == Edge::Replicate ? Border::Replicate : Border::Reflect101);
  const BoxSpan s = clipped_span(pos, len, k, anchor);
  AxisTerms t;
  t.add(s.lo, s.hi, 1);
  return t;
}

// One filter's window over one image (a pass's geometry; anchors as in BoxShape).
struct SeparableBox {
  int width = 0, height = 0, channels = 1;
  int kw = 1, kh = 1, ax = 0, ay = 0;
  Edge edge = Edge::Reflect101;
};

// The columns whose window needs border terms, and those terms: the same for every row, so
// built once per call and shared by every band.
struct ColumnTerms {
  PositionRange interior;  // columns whose window lies inside the row (lo > hi: none)
  std::vector<int> border_x;
  std::vector<AxisTerms> border_terms;

  explicit ColumnTerms(const SeparableBox& b) : interior(interior_positions(b.width, b.kw, b.ax)) {
    for (int x = 0; x < b.width; ++x) {
      if (x >= interior.lo && x <= interior.hi) continue;
      border_x.push_back(x);
      border_terms.push_back(edge_terms(x, b.width, b.kw, b.ax, b.edge));
    }
  }
};

// A row's box sums as differences: sum(e) = hi[e − first] − lo[e − first] (interior: first =
// begin, for begin ≤ e < end; border: first = 0, lo = zeros, for the other elements).
template <class Acc>
struct SumDiff {
  const Acc* hi = nullptr;
  const Acc* lo = nullptr;
  std::size_t first = 0;
};
template <class Acc>
struct RowSums {
  std::size_t begin = 0, end = 0;
  SumDiff<Acc> interior, border;
};

// What is summed: the pixel, or its square (Sauvola's second moment).
enum class Summand { Value, Square };

// T: the sample type, uint8_t or uint16_t.
template <class Acc, Summand kSummand = Summand::Value, class T = uint8_t>
class RunningBoxSums {
 public:
  // src: the image (host, `pitch` bytes per row, box.channels interleaved); columns: built from box.
  RunningBoxSums(const T* src, std::size_t pitch, const SeparableBox& box, const ColumnTerms& columns)
      : src_(src),
        pitch_(pitch),
        box_(box),
        columns_(columns),
        n_(std::size_t(box.width) * std::size_t(box.channels)),
        column_sums_(n_ + kRunningSumsSlack),
        prefix_(n_ + std::size_t(box.channels) + kRunningSumsSlack),
        sums_(n_),
        zeros_(n_) {}

  // The box sums of row y (element x·cn + c), valid until the next call. Rows in increasing
  // order are cheapest: the column sums then move by one row.
  const Acc* row(int y) {
    move_to(y);
    across(true);
    return sums_.data();
  }

  // The box sums of row y without writing the interior ones: a consumer that reads each sum once
  // takes hi[e] − lo[e] itself, which saves a pass over the row. Valid until the next call.
  RowSums<Acc> row_parts(int y) {
    move_to(y);
    across(false);
    RowSums<Acc> parts;
    parts.border = {sums_.data(), zeros_.data()};
    const PositionRange in = columns_.interior;
    if (in.lo <= in.hi) {
      const std::size_t cn = std::size_t(box_.channels);
      parts.begin = std::size_t(in.lo) * cn;
      parts.end = std::size_t(in.hi + 1) * cn;
      // p[e + ahead] − p[e − behind]; the interior's first element has e ≥ behind.
      const Acc* p = prefix_.data() + parts.begin;
      parts.interior = {p + std::size_t(box_.kw - box_.ax) * cn, p - std::size_t(box_.ax) * cn, parts.begin};
    }
    return parts;
  }

 private:
  static Acc summand(T v) {
    if constexpr (kSummand == Summand::Square) return Acc(uint32_t(v) * uint32_t(v));
    return Acc(v);
  }
  const T* src_row(int r) const { return row_ptr(src_, pitch_, r); }

  // Column sums of row y from scratch: every row interval of its window, with its multiplicity.
  void restart(int y) {
    Acc* __restrict col = column_sums_.data();
    for (std::size_t e = 0; e < n_; ++e) col[e] = 0;
    const AxisTerms rows = edge_terms(y, box_.height, box_.kh, box_.ay, box_.edge);
    for (int i = 0; i < rows.n; ++i) {
      const Acc m = Acc(rows.mult[i]);
      for (int r = rows.lo[i]; r <= rows.hi[i]; ++r) {
        const T* __restrict in = src_row(r);
        if (m == 1)
          for (std::size_t e = 0; e < n_; ++e) col[e] += summand(in[e]);
        else
          for (std::size_t e = 0; e < n_; ++e) col[e] += m * summand(in[e]);
      }
    }
  }

  // Column sums of row y from those of row y − 1: the window's first virtual row leaves, the
  // one after its last enters (each read at its border-rule source row). Whole-row loops over
  // unaliased pointers: the compiler widens 16 bytes at a time into u32 (or u64) lanes.
  void advance(int y) {
    const int64_t first = int64_t(y - 1) - box_.ay;
    const int leaving = source_index(first, box_.height, box_.edge);
    const int entering = source_index(first + box_.kh, box_.height, box_.edge);
    if (leaving == entering) return;
    Acc* __restrict col = column_sums_.data();
    const std::size_t n = n_;
    if (leaving >= 0 && entering >= 0) {
      const T* __restrict in = src_row(entering);
      const T* __restrict out = src_row(leaving);
      if constexpr (std::is_same_v<Acc, uint32_t> && kSummand == Summand::Value && std::is_same_v<T, uint8_t>)
        move_column_sums_u32(col, in, out, n);  // AVX2 where the CPU has it
      else
        for (std::size_t e = 0; e < n; ++e) col[e] += summand(in[e]) - summand(out[e]);
    } else if (entering >= 0) {
      const T* __restrict in = src_row(entering);
      for (std::size_t e = 0; e < n; ++e) col[e] += summand(in[e]);
    } else if (leaving >= 0) {
      const T* __restrict out = src_row(leaving);
      for (std::size_t e = 0; e < n; ++e) col[e] -= summand(out[e]);
    }
  }

  void move_to(int y) {
    if (y == next_y_)
      advance(y);
    else
      restart(y);
    next_y_ = y + 1;
  }

  // The row's box sums from its column sums (prefix differences): the interior ones when asked,
  // the border ones always.
  void across(bool interior) {
    const std::size_t cn = std::size_t(box_.channels);
    const Acc* col = column_sums_.data();
    Acc* p = prefix_.data();
    running_sums(col, p, n_, cn);
    Acc* __restrict out = sums_.data();
    const PositionRange in = columns_.interior;
    if (interior && in.lo <= in.hi) {
      const std::size_t ahead = std::size_t(box_.kw - box_.ax) * cn, behind = std::size_t(box_.ax) * cn;
      const Acc* __restrict hi = p + ahead;
      const Acc* __restrict lo = p - behind;
      for (std::size_t e = std::size_t(in.lo) * cn, end = std::size_t(in.hi + 1) * cn; e < end; ++e)
        out[e] = hi[e] - lo[e];
    }
    for (std::size_t i = 0; i < columns_.border_x.size(); ++i) {
      const AxisTerms& t = columns_.border_terms[i];
      const std::size_t e0 = std::size_t(columns_.border_x[i]) * cn;
      for (std::size_t c = 0; c < cn; ++c) {
        Acc s = 0;
        for (int j = 0; j < t.n; ++j)
          s += Acc(t.mult[j]) * (p[std::size_t(t.hi[j] + 1) * cn + c] - p[std::size_t(t.lo[j]) * cn + c]);
        out[e0 + c] = s;
      }
    }
  }

  const T* src_;
  std::size_t pitch_;
  SeparableBox box_;
  const ColumnTerms& columns_;
  std::size_t n_;
  std::vector<Acc> column_sums_, prefix_, sums_, zeros_;
  int next_y_ = -1;
};

// fn(Acc{}) with 32-bit running sums where every window sum fits in 32 bits, else 64-bit ones.
template <class Fn>
void with_accumulator(bool fits_u32, Fn&& fn) {
  if (fits_u32)
    fn(uint32_t{});
  else
    fn(uint64_t{});
}

}  // namespace sat::filters
