// Summed-area tables in bands of rows (CPU backend), for the passes whose box changes from pixel
// to pixel (variable-radius blur, Kuwahara): a band of output rows reads only the table rows
// its boxes reach, so only those rows are kept — a few per cent of the image instead of 16 or
// 32 bytes per pixel.
//
// The rows kept are the full image's table rows (each row = the row above + the prefix of its
// input row), so every tap reads the value a whole-image table holds and the pass computes the
// same integers as over satcore's table (and the GPU). A box of pixel (x, y) with reflect-101
// borders reaches rows y − reach … y + reach (a reflection never moves a row farther from y),
// and rect() reads the row above its first: band y0 … y1 − 1 needs table rows
// max(y0 − reach − 1, 0) … min(y1 − 1 + reach, height − 1).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "filters/box_sum.h"
#include "filters/cpu_rows.h"
#include "filters/filter_ops.h"

namespace sat::filters {

// The band height of a banded pass: as many output rows as keep its tables within
// kBandTableBytesPerPixel of the image or kMinBandTableBytes (a cache's size: small images take
// a few bands too), at least kMinBandRows; and how many table rows a band keeps.
inline constexpr std::size_t kBandTableBytesPerPixel = 2;
inline constexpr std::size_t kMinBandTableBytes = std::size_t(256) << 10;
inline constexpr int kMinBandRows = 32;

struct BandPlan {
  int band_rows = 1;   // output rows per band
  int table_rows = 1;  // table rows kept at once (≤ height)
};

// `row_bytes`: the bytes of one table row of every table the pass keeps (width · element sizes).
// table_rows counts the row above a band's first row (kept while it moves down) too.
inline BandPlan band_plan(int width, int height, int reach, std::size_t row_bytes) {
  const std::size_t pixels = std::size_t(width) * std::size_t(height);
  const std::size_t budget = std::max(pixels * kBandTableBytesPerPixel, kMinBandTableBytes);
  const int64_t affordable = int64_t(budget / std::max<std::size_t>(row_bytes, 1));
  const int64_t overhead = 2 * int64_t(reach) + 1;
  BandPlan plan;
  plan.band_rows = int(std::clamp<int64_t>(affordable - overhead, kMinBandRows, height));
  plan.table_rows = int(std::min<int64_t>(int64_t(plan.band_rows) + overhead + 1, height));
  return plan;
}

// The table rows of a band of one table of V (uint32_t, u32x4, SumSq), in `capacity_rows` rows of
// caller-owned memory (width elements each; band_plan's table_rows). fill(y, V* row) writes the table's input of image
// row y (width elements).
template <class V>
class BandTable {
 public:
  BandTable(V* rows, int capacity_rows, int width, int height)
      : rows_(rows), capacity_(capacity_rows), width_(width), height_(height), input_(std::size_t(width)) {}

  // Keeps the table rows band y0 … y1 − 1 reaches (see above). Bands come down the image one
  // after the other (y0 = the previous y1), so the rows needed start at or above the last row
  // kept, which stays as the row above the next.
  template <class Fill>
  void cover(int y0, int y1, int reach, Fill&& fill) {
    const int first = std::max(y0 - reach - 1, 0);
    const int last = std::min(y1 - 1 + reach, height_ - 1);
    const int keep = std::min(first, last_);
    if (last_ >= 0 && keep > first_) {  // drop the rows above
      std::memmove(rows_, row(keep - first_), bytes(last_ - keep + 1));
      first_ = keep;
    }
    while (last_ < last) append(fill);
  }

  // The table as satcore lays it out, indexed by image rows; valid for rows first … last of
  // the last cover(). The base is the kept rows' memory moved up by `first` rows: it is never
  // read outside them.
  TableView<V> view() const {
    const std::size_t pitch = std::size_t(width_) * sizeof(V);
    return {reinterpret_cast<const V*>(reinterpret_cast<std::uintptr_t>(rows_) - pitch * std::size_t(first_)), pitch};
  }

 private:
  V* row(int slot) const { return rows_ + std::size_t(slot) * std::size_t(width_); }
  std::size_t bytes(int rows) const { return std::size_t(rows) * std::size_t(width_) * sizeof(V); }

  // Table row last_ + 1 after the kept rows.
  template <class Fill>
  void append(Fill&& fill) {
    const int y = last_ + 1;
    if (last_ < 0) first_ = 0;
    const int slot = y - first_;
    if (slot >= capacity_) throw std::logic_error("BandTable: a band reaches more rows than band_plan gave it");
    fill(y, input_.data());
    V* out = row(slot);
    const V* above = slot == 0 ? nullptr : row(slot - 1);
    V acc{};
    for (int x = 0; x < width_; ++x) {
      acc = acc + input_[std::size_t(x)];
      out[x] = above ? above[x] + acc : acc;
    }
    last_ = y;
  }

  V* rows_;
  int capacity_, width_, height_;
  int first_ = 0, last_ = -1;  // the image rows kept: first_ … last_ in slots 0 … last_ − first_
  std::vector<V> input_;
};

// Rows y0 … y1 − 1 of dst (kCn samples of T per pixel: uint8_t, uint16_t) over `threads`
// (cpu_rows.h): pixel(x, y, out) writes the kCn samples at out; ≈ work_per_pixel operations each.
template <int kCn, class T, class Pixel>
void band_pixels(T* dst, std::size_t dst_pitch, int width, int y0, int y1, int64_t work_per_pixel, int threads,
                 Pixel&& pixel) {
  parallel_rows(y1 - y0, int64_t(width) * work_per_pixel, threads, [&](int a, int b) {
    for (int y = y0 + a; y < y0 + b; ++y) {
      T* row = row_ptr(dst, dst_pitch, y);
      for (int x = 0; x < width; ++x) pixel(x, y, row + std::size_t(x) * kCn);
    }
  });
}

}  // namespace sat::filters
