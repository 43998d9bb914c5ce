// Box blur (cv::blur): its pass, the same on both backends, and the two backends' entry points.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "filters/filter_ops.h"

namespace sat::filters {

template <int kCn>
struct BoxBlurPass : BoxWindow {
  static_assert(kCn == 1 || kCn == 3 || kCn == 4, "1, 3 or 4 channels");
  static constexpr int kChannels = kCn;
  using Table = std::conditional_t<kCn == 1, uint32_t, u32x4>;
  BoxJob job;

  explicit BoxBlurPass(const BoxJob& j) : BoxWindow(box_window(j)), job(j) {}

  SAT_HOST_DEVICE Image8 out() const { return {job.dst, job.dst_pitch, job.width, job.height, kCn}; }

  // Each channel rounded at its own element index x·cn + c: OpenCV's SIMD and scalar loops
  // round differently (rounding.h).
  template <Path kPath>
  SAT_HOST_DEVICE void pixel(const BoxSpan& rows, int x, int y, uint8_t* out) const {
    const TableView<Table> t{static_cast<const Table*>(job.table), job.table_pitch};
    const BoxSumOf<Table> s = box_sum_at<kPath>(t, shape, rows, x, y);
    const int e = x * kCn;
    if constexpr (kCn == 1) {
      out[0] = round_box(job.rounding, s, e);
    } else {
      out[0] = round_box(job.rounding, s.x, e + 0);
      out[1] = round_box(job.rounding, s.y, e + 1);
      out[2] = round_box(job.rounding, s.z, e + 2);
      if constexpr (kCn == 4) out[3] = round_box(job.rounding, s.w, e + 3);
    }
  }
};

void cuda_box_blur(const BoxJob& job, cudaStream_t stream);
void cpu_box_blur(const BoxJob& job, int threads);  // reads job.src, not job.table

}  // namespace sat::filters
