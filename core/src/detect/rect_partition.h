// cv::partition(rects, labels, SimilarRects(eps)): the classes of the "similar" relation's
// transitive closure, numbered in order of first appearance (cv::partition's numbering, so the
// labels do not depend on the order in which similar pairs are found).
//
// RectPartition finds the similar pairs through buckets instead of testing every pair (which
// cost 117 ms for the ~10 000 raw windows of a 4K frame): two similar rects have sizes within a
// factor 1 + 2·eps of each other and corners within δ = eps·(min w + min h)/2, so bucketed by
// size (octaves of w + h) and by a grid of cells wider than δ, a rect only needs
// the rects of its own and the neighbouring cells of its own and the next few size bins.
#pragma once

#include <cstdint>
#include <vector>

#include "sat/detect.h"

namespace sat::detect {

// SimilarRects: every edge within δ = eps · (min(w) + min(h)) / 2 of the other's.
bool similar_rects(const Box& a, const Box& b, double eps);

// Union-find with union by rank and path compression (cv::partition's forest).
class DisjointSets {
 public:
  void reset(int n);
  int find(int k);
  void unite(int a, int b);
  void link(int root_a, int root_b);  // two different roots
  // Labels each element with its set, numbered in order of first appearance; returns the count.
  int label(std::vector<int>& labels);

 private:
  std::vector<int> parent_, rank_;
};

// The reference: every pair tested (quadratic). Also the path for input the buckets do not
// cover (eps not a positive finite number, a rect without positive width and height).
int partition_all_pairs(const std::vector<Box>& rects, double eps, std::vector<int>& labels);

class RectPartition {
 public:
  // Same labels and count as partition_all_pairs; scratch kept between calls.
  int run(const std::vector<Box>& rects, double eps, std::vector<int>& labels);
  // How many pairs the last run() tested with similar_rects (the cost; tests bound it).
  long long last_pair_tests() const { return pair_tests_; }

 private:
  // A rect's size bin and grid cell, ordered by bin, then row, then column.
  struct CellKey {
    uint64_t bin_row, column;  // bin << 32 | row + 2^31; column + 2^31
    int64_t bin() const { return int64_t(bin_row >> 32); }
    int64_t cy() const { return int64_t(bin_row & 0xffffffffu) - (int64_t(1) << 31); }
    int64_t cx() const { return int64_t(column) - (int64_t(1) << 31); }
    bool operator<(const CellKey& o) const { return bin_row != o.bin_row ? bin_row < o.bin_row : column < o.column; }
    bool operator==(const CellKey& o) const { return bin_row == o.bin_row && column == o.column; }
    bool operator!=(const CellKey& o) const { return !(*this == o); }
  };
  static CellKey cell_key(int64_t bin, int64_t cy, int64_t cx) {
    return {uint64_t(bin) << 32 | uint64_t(cy + (int64_t(1) << 31)), uint64_t(cx + (int64_t(1) << 31))};
  }
  struct Entry {
    CellKey cell;
    uint32_t index;
    Box box;
  };
  static constexpr std::size_t kHintRows = 4;  // search hints per partner bin: one per row of cells
  std::vector<Entry> entries_;
  std::vector<std::size_t> hints_;
  DisjointSets sets_;
  long long pair_tests_ = 0;
};

}  // namespace sat::detect
