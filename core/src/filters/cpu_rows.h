// Rows of an image spread over all hardware threads (CPU backend): body(y_begin, y_end) per band,
// and the CPU driver of a filter pass (filter_ops.h).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <thread>
#include <vector>

#include "filters/filter_ops.h"

namespace sat::filters {

template <class Body>
void parallel_rows(int height, int64_t work_per_row, Body&& body) {
  const int hw = int(std::max(1u, std::thread::hardware_concurrency()));
  // Bands of at least ~64k units of work: threads are not worth it for tiny images.
  const int64_t total = int64_t(height) * std::max<int64_t>(1, work_per_row);
  const int bands = int(std::max<int64_t>(1, std::min<int64_t>({int64_t(hw), int64_t(height), total / 65536})));
  if (bands == 1) {
    body(0, height);
    return;
  }
  auto begin = [&](int k) { return int(int64_t(height) * k / bands); };
  std::vector<std::thread> pool;
  pool.reserve(bands - 1);
  for (int k = 1; k < bands; ++k) pool.emplace_back([&, k] { body(begin(k), begin(k + 1)); });
  body(begin(0), begin(1));
  for (auto& t : pool) t.join();
}

// A filter pass (filter_ops.h) on the CPU: pass.row(y) once per output row, then every pixel,
// each choosing its own path. work_per_pixel: a rough cost, for parallel_rows.
template <class Pass>
void cpu_filter_pass(const Pass& pass, int64_t work_per_pixel) {
  const Image8 out = pass.out();
  parallel_rows(out.height, int64_t(out.width) * work_per_pixel, [&](int y0, int y1) {
    for (int y = y0; y < y1; ++y) {
      const BoxSpan rows = pass.row(y);
      uint8_t* dst = row_ptr(out.data, out.pitch, y);
      for (int x = 0; x < out.width; ++x)
        pass.template pixel<Path::Any>(rows, x, y, dst + std::size_t(x) * Pass::kChannels);
    }
  });
}

}  // namespace sat::filters
