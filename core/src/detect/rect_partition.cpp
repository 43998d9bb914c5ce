#include "detect/rect_partition.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <tuple>

namespace sat::detect {
namespace {

int floor_log2(uint64_t v) {
  int k = -1;
  for (; v != 0; v >>= 1) ++k;
  return k;
}

int64_t cell_of(int coordinate, double cell) { return int64_t(std::floor(double(coordinate) / cell)); }

// Size bins: the octave of s = w + h (≥ 2) and the kSubBits bits below its leading one, so a
// bin spans a ratio of at most 1 + 2^−kSubBits (bins grow with s: a bin index is monotone in s).
constexpr int kSubBits = 0;  // octaves: measured fastest on raw windows (fewer bins to visit)

int64_t size_bin(uint64_t s) {
  const uint64_t t = s << kSubBits;  // s ≥ 1: the leading bit has kSubBits bits below it
  const int octave = floor_log2(t);
  return (int64_t(octave) << kSubBits) | int64_t((t >> (octave - kSubBits)) & ((1u << kSubBits) - 1u));
}

// Every s of the bin is below this.
double size_bin_end(int64_t bin) {
  const int octave = int(bin >> kSubBits), sub = int(bin & ((1 << kSubBits) - 1));
  return std::ldexp(double((1 << kSubBits) + sub + 1), octave - 2 * kSubBits);
}

}  // namespace

bool similar_rects(const Box& a, const Box& b, double eps) {
  const double delta = eps * (std::min(a.width, b.width) + std::min(a.height, b.height)) * 0.5;
  return std::abs(a.x - b.x) <= delta && std::abs(a.y - b.y) <= delta &&
         std::abs(a.x + a.width - b.x - b.width) <= delta && std::abs(a.y + a.height - b.y - b.height) <= delta;
}

void DisjointSets::reset(int n) {
  parent_.assign(std::size_t(n), -1);
  rank_.assign(std::size_t(n), 0);
}

int DisjointSets::find(int k) {
  while (parent_[k] >= 0) {
    const int up = parent_[k];
    if (parent_[up] >= 0) parent_[k] = parent_[up];  // path halving: the sets stay the same
    k = up;
  }
  return k;
}

void DisjointSets::unite(int a, int b) {
  const int ra = find(a), rb = find(b);
  if (ra != rb) link(ra, rb);
}

void DisjointSets::link(int ra, int rb) {
  if (rank_[ra] < rank_[rb]) std::swap(ra, rb);
  parent_[rb] = ra;
  if (rank_[ra] == rank_[rb]) ++rank_[ra];
}

int DisjointSets::label(std::vector<int>& labels) {
  const int n = int(parent_.size());
  labels.resize(std::size_t(n));
  std::vector<int>& class_of_root = rank_;  // the ranks are not needed any more
  std::fill(class_of_root.begin(), class_of_root.end(), -1);
  int classes = 0;
  for (int i = 0; i < n; ++i) {
    const int root = find(i);
    if (class_of_root[root] < 0) class_of_root[root] = classes++;
    labels[i] = class_of_root[root];
  }
  return classes;
}

int partition_all_pairs(const std::vector<Box>& rects, double eps, std::vector<int>& labels) {
  const int n = int(rects.size());
  DisjointSets sets;
  sets.reset(n);
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      if (similar_rects(rects[i], rects[j], eps)) sets.unite(i, j);
  return sets.label(labels);
}

int RectPartition::run(const std::vector<Box>& rects, double eps, std::vector<int>& labels) {
  const int n = int(rects.size());
  bool bucketable = std::isfinite(eps) && eps > 0.0 && eps <= 1e6;
  for (const Box& r : rects) bucketable = bucketable && r.width >= 1 && r.height >= 1;
  if (!bucketable) {
    pair_tests_ = (long long)n * (n - 1) / 2;
    return partition_all_pairs(rects, eps, labels);
  }

  // δ of a pair is below eps · end / 2 for the `end` of the smaller rect's size bin (and of every
  // bin above); cells one pixel wider keep a partner within ±1 cell, also after rounding.
  auto cell_size = [eps](int64_t bin) { return eps * 0.5 * size_bin_end(bin) + 1.0; };
  entries_.resize(std::size_t(n));
  for (int i = 0; i < n; ++i) {
    const Box& r = rects[std::size_t(i)];
    const int64_t bin = size_bin(uint64_t(int64_t(r.width) + int64_t(r.height)));
    const double cell = cell_size(bin);
    entries_[std::size_t(i)] = {cell_key(bin, cell_of(r.y, cell), cell_of(r.x, cell)), uint32_t(i), r};
  }
  // By cell only: the order within a cell changes which pairs are tested first, not the classes.
  std::sort(entries_.begin(), entries_.end(), [](const Entry& a, const Entry& b) { return a.cell < b.cell; });

  sets_.reset(n);
  pair_tests_ = 0;
  auto test = [&](const Entry& a, const Entry& b) {
    ++pair_tests_;
    // Most pairs met are already in one class (a face's windows): the cheap test first.
    const int ra = sets_.find(int(a.index)), rb = sets_.find(int(b.index));
    if (ra != rb && similar_rects(a.box, b.box, eps)) sets_.link(ra, rb);
  };
  // The first entry at or after `target`, searched forward from `hint` (the targets of one
  // search slot mostly grow, so this is a few steps; from the start when they do not).
  auto seek = [&](std::size_t hint, const CellKey& target) {
    if (hint > entries_.size() || (hint > 0 && !(entries_[hint - 1].cell < target))) hint = 0;
    std::size_t lo = hint, hi = hint, step = 1;
    while (hi < entries_.size() && entries_[hi].cell < target) lo = hi + 1, hi += step, step *= 2;
    hi = std::min(hi, entries_.size());
    return std::size_t(std::lower_bound(entries_.begin() + std::ptrdiff_t(lo), entries_.begin() + std::ptrdiff_t(hi),
                                        target, [](const Entry& e, const CellKey& t) { return e.cell < t; }) -
                       entries_.begin());
  };

  // Cell by cell (a run of equal keys): the cell's own pairs, then its rects against the cells
  // that may hold partners, found once per cell rather than once per rect.
  int64_t hints_bin = -1;
  for (std::size_t first = 0, end = 0; first < entries_.size(); first = end) {
    const Entry& c = entries_[first];
    const int64_t c_bin = c.cell.bin();
    int x_min = c.box.x, x_max = c.box.x, y_min = c.box.y, y_max = c.box.y;
    for (end = first; end < entries_.size() && entries_[end].cell == c.cell; ++end) {
      const Box& b = entries_[end].box;
      x_min = std::min(x_min, b.x), x_max = std::max(x_max, b.x), y_min = std::min(y_min, b.y),
      y_max = std::max(y_max, b.y);
    }
    for (std::size_t i = first; i < end; ++i)
      for (std::size_t j = i + 1; j < end; ++j) test(entries_[i], entries_[j]);
    // Similar rects a, b: |w_a − w_b| and |h_a − h_b| are ≤ 2δ, so s = w + h differ by ≤ 4δ ≤
    // 2·eps·min(s_a, s_b): s_b ≤ (1 + 2·eps)·s_a. A pair is met from its smaller rect's bin
    // (the margin absorbs rounding); within one bin from the first of its two cells.
    const double largest_partner = std::ceil((1.0 + 2.0 * eps) * size_bin_end(c_bin) * (1.0 + 1e-9));
    const int64_t last_bin = size_bin(uint64_t(largest_partner));
    if (c_bin != hints_bin) hints_.assign(std::size_t(last_bin - c_bin + 1) * kHintRows, 0), hints_bin = c_bin;
    for (int64_t bin = c_bin; bin <= last_bin; ++bin) {
      // Each rect's partners lie within ±1 cell of its own cell of this bin's grid.
      const double cell = cell_size(bin);
      const int64_t x0 = cell_of(x_min, cell) - 1, x1 = cell_of(x_max, cell) + 1;
      const int64_t y0 = cell_of(y_min, cell) - 1, y1 = cell_of(y_max, cell) + 1;
      for (int64_t y = y0; y <= y1; ++y) {
        std::size_t& hint =
            hints_[std::size_t(bin - c_bin) * kHintRows + std::size_t(std::min<int64_t>(y - y0, kHintRows - 1))];
        hint = seek(hint, cell_key(bin, y, x0));
        for (std::size_t k = hint; k < entries_.size(); ++k) {
          const Entry& e = entries_[k];
          if (e.cell.bin() != bin || e.cell.cy() != y || e.cell.cx() > x1) break;
          if (bin == c_bin && !(c.cell < e.cell)) continue;  // this cell, or a cell that met this one
          for (std::size_t i = first; i < end; ++i) test(entries_[i], e);
        }
      }
    }
  }
  return sets_.label(labels);
}

}  // namespace sat::detect
