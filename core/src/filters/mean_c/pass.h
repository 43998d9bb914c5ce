// Adaptive mean − C threshold (cv::adaptiveThreshold, ADAPTIVE_THRESH_MEAN_C): its pass, the same
// on both backends, and the two backends' entry points.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "filters/filter_ops.h"

namespace sat::filters {

struct MeanCJob {
  BoxJob box;  // the mean: a u32 table, Replicate, rounding of cv::boxFilter to CV_8U
  const uint8_t* gray = nullptr;
  std::size_t gray_pitch = 0;
  int idelta = 0;  // ceil(C) for THRESH_BINARY, floor(C) for THRESH_BINARY_INV
  bool invert = false;
  uint8_t max_value = 255;
};

// The output for a pixel and its rounded window mean (OpenCV's tab[src − mean + 255]).
SAT_HOST_DEVICE uint8_t mean_c_pixel(const MeanCJob& job, int pixel, int mean) {
  const int diff = pixel - mean;
  const bool on = job.invert ? diff <= -job.idelta : diff > -job.idelta;
  return on ? job.max_value : 0;
}

struct MeanCPass : BoxWindow {
  static constexpr int kChannels = 1;
  MeanCJob job;

  explicit MeanCPass(const MeanCJob& j) : BoxWindow(box_window(j.box)), job(j) {}

  SAT_HOST_DEVICE Image8 out() const { return {job.box.dst, job.box.dst_pitch, job.box.width, job.box.height, 1}; }

  template <Path kPath>
  SAT_HOST_DEVICE void pixel(const BoxSpan& rows, int x, int y, uint8_t* out) const {
    const TableView<uint32_t> t{static_cast<const uint32_t*>(job.box.table), job.box.table_pitch};
    const int mean = round_box(job.box.rounding, box_sum_at<kPath>(t, shape, rows, x, y), x);
    *out = mean_c_pixel(job, row_ptr(job.gray, job.gray_pitch, y)[x], mean);
  }
};

// Output: job.box.dst (1 channel).
void cuda_mean_c(const MeanCJob& job, cudaStream_t stream);
void cpu_mean_c(const MeanCJob& job, int threads);

}  // namespace sat::filters
