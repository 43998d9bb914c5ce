// Rows of an image in bands over the cores (CPU backend): body(y_begin, y_end) per band.
#pragma once

#include <algorithm>
#include <cstdint>

#include "cpu/parallel_bands.h"

namespace sat::filters {

// Work (≈ element operations) below which one more band does not pay: waking a sleeping pool
// thread costs µs on an idle machine (far more on a busy one), and each band of a running-sum
// filter first sums its window's rows. See docs/cpu-backend.md for the measurements.
inline constexpr int64_t kMinWorkPerBand = int64_t(1) << 18;

// Bands per hardware thread (automatic choice): the pool's threads take bands as they come free,
// so a thread that a busy machine delays leaves its bands to the others instead of holding up
// the call. A band of a running-window filter first sums its window's rows, so bands stay at
// least kWindowsPerBand windows tall (else one band per thread).
inline constexpr int kBandsPerThread = 4;
inline constexpr int kWindowsPerBand = 8;

// How many bands: threads = 0 (automatic): up to kBandsPerThread per hardware thread, but no
// band with less than kMinWorkPerBand of work, so that small images stay on one thread;
// threads > 0: exactly that many, at most one band per row (tests and benchmarks choose).
// window_rows: the rows a band sums before its first output row (0: none).
inline int band_count(int height, int64_t work_per_row, int threads, int window_rows = 0) {
  if (threads > 0) return std::max(1, std::min(threads, height));
  const int64_t total = int64_t(height) * std::max<int64_t>(1, work_per_row);
  const int64_t cores = detail::hardware_threads();
  int64_t most = cores * kBandsPerThread;
  if (window_rows > 0)
    most = std::max(cores, std::min(most, int64_t(height) / (int64_t(kWindowsPerBand) * window_rows)));
  return int(std::max<int64_t>(1, std::min<int64_t>({most, int64_t(height), total / kMinWorkPerBand})));
}

template <class Body>
void parallel_rows(int height, int64_t work_per_row, int threads, Body&& body, int window_rows = 0) {
  detail::parallel_bands(height, band_count(height, work_per_row, threads, window_rows),
                         [&](int, int y0, int y1) { body(y0, y1); });
}

}  // namespace sat::filters
