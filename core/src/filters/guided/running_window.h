// Window sums of rows made on demand, with BORDER_REFLECT on both axes (the guided filter on the
// CPU, guided_cpu.cpp): no table. Each row holds `elements` int64 values (pixels × lanes).
//
// ColumnWindow keeps, per element, the sum over the 2r + 1 rows of a row's window, and moves it
// by one row at a time (+ the row entering, − the row leaving, each read at its reflected source
// row); RowWindow turns those column sums into the window sums of every pixel of the row
// (differences of their running prefix; reflect_terms' intervals where the window crosses the
// border). Every sum is an exact int64: the integers the tables give on the GPU.
#pragma once

#include <climits>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "filters/guided/reflect_box.h"

namespace sat::filters::guided {

// BORDER_REFLECT's source index of virtual position t on an axis of length len.
inline int reflect_index(int64_t t, int len) {
  const int64_t period = 2 * int64_t(len);
  const int64_t u = ((t % period) + period) % period;
  return int(u < len ? u : period - 1 - u);
}

// Column sums over the window rows of row y. Source: `const int64_t* row(int y)`, valid until
// that source's next call. Rows enter from `adding` and leave from `removing` (two sources, so
// that each walks its own rows one step at a time: see guided_cpu.cpp).
template <class Source>
class ColumnWindow {
 public:
  ColumnWindow(std::size_t elements, int height, int radius, Source& adding, Source& removing)
      : height_(height), radius_(radius), adding_(adding), removing_(removing), col_(elements) {}
  ColumnWindow(const ColumnWindow&) = delete;
  ColumnWindow& operator=(const ColumnWindow&) = delete;

  const int64_t* sums(int y) {
    if (y == y_ + 1)
      slide(int64_t(y_) - radius_, int64_t(y) + radius_);
    else if (y == y_ - 1)
      slide(int64_t(y_) + radius_, int64_t(y) - radius_);
    else if (y != y_)
      restart(y);
    y_ = y;
    return col_.data();
  }

 private:
  void add(const int64_t* row, int64_t m) {
    for (std::size_t e = 0; e < col_.size(); ++e) col_[e] += m * row[e];
  }

  // The virtual row `leaving` leaves the window and `entering` enters it.
  void slide(int64_t leaving, int64_t entering) {
    const int out = reflect_index(leaving, height_), in = reflect_index(entering, height_);
    if (out == in) return;
    add(removing_.row(out), -1);
    add(adding_.row(in), 1);
  }

  void restart(int y) {
    for (int64_t& v : col_) v = 0;
    const AxisTerms terms = reflect_terms(y, height_, radius_);
    for (int i = 0; i < terms.n; ++i)
      for (int r = terms.lo[i]; r <= terms.hi[i]; ++r) add(adding_.row(r), int64_t(terms.mult[i]));
  }

  int height_, radius_;
  Source& adding_;
  Source& removing_;
  std::vector<int64_t> col_;
  int y_ = INT_MIN / 2;  // no row yet
};

// The window sums of every pixel of a row from its column sums: `lanes` values per pixel.
class RowWindow {
 public:
  RowWindow(int width, int lanes, int radius)
      : width_(width), lanes_(lanes), radius_(radius), prefix_(std::size_t(width + 1) * std::size_t(lanes)) {
    for (int x = 0; x < width; ++x)
      if (x < radius || x > width - 1 - radius) {
        border_x_.push_back(x);
        border_terms_.push_back(reflect_terms(x, width, radius));
      }
  }

  void sums(const int64_t* col, int64_t* out) {
    const std::size_t cn = std::size_t(lanes_), n = std::size_t(width_) * cn;
    int64_t* p = prefix_.data();
    for (std::size_t c = 0; c < cn; ++c) p[c] = 0;
    for (std::size_t e = 0; e < n; ++e) p[e + cn] = p[e] + col[e];
    const std::size_t ahead = std::size_t(radius_ + 1) * cn, behind = std::size_t(radius_) * cn;
    for (std::size_t e = behind, end = std::size_t(width_ > radius_ ? width_ - radius_ : 0) * cn; e < end; ++e)
      out[e] = p[e + ahead] - p[e - behind];
    for (std::size_t i = 0; i < border_x_.size(); ++i) {
      const AxisTerms& t = border_terms_[i];
      const std::size_t e0 = std::size_t(border_x_[i]) * cn;
      for (std::size_t c = 0; c < cn; ++c) {
        int64_t s = 0;
        for (int j = 0; j < t.n; ++j)
          s += int64_t(t.mult[j]) * (p[std::size_t(t.hi[j] + 1) * cn + c] - p[std::size_t(t.lo[j]) * cn + c]);
        out[e0 + c] = s;
      }
    }
  }

 private:
  int width_, lanes_, radius_;
  std::vector<int64_t> prefix_;
  std::vector<int> border_x_;
  std::vector<AxisTerms> border_terms_;
};

}  // namespace sat::filters::guided
