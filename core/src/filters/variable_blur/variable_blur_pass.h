// Variable-radius blur (VariableBlurParams): the per-pixel work both backends run (host and
// device), so that the CPU and CUDA outputs are byte-identical. Pixel (x, y) with radius
// r = field.at(x, y) is the sum of its (2r + 1)² box (square_box.h) rounded as cv::blur rounds a
// box of that area at that element (rounding.h): exactly cv::blur(src, (2r+1)×(2r+1),
// BORDER_REFLECT_101) at (x, y). The cost per pixel does not depend on r.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "filters/variable_blur/radius_field.h"
#include "filters/variable_blur/square_box.h"

namespace sat::filters {

struct VariableBlurJob {
  const void* table = nullptr;  // uint32_t (1 channel) or u32x4 (3, 4 channels: BGR[A] and a 4th)
  std::size_t table_pitch = 0;
  uint8_t* dst = nullptr;
  std::size_t dst_pitch = 0;
  int width = 0, height = 0, channels = 1;
  RadiusField field;
};

template <int kCn>
using VariableBlurTable = std::conditional_t<kCn == 1, uint32_t, u32x4>;

// Pixel (x, y) into out[0 … kCn − 1].
template <int kCn>
SAT_HOST_DEVICE void variable_blur_pixel(const VariableBlurJob& job, int x, int y, uint8_t* out) {
  using Table = VariableBlurTable<kCn>;
  const int r = job.field.at(x, y);
  const TableView<Table> t{static_cast<const Table*>(job.table), job.table_pitch};
  const BoxSumOf<Table> s = square_box_sum(t, job.width, job.height, x, y, r);
  const BoxRounding rounding = square_box_rounding(r, job.width * kCn);
  const int e = x * kCn;
  if constexpr (kCn == 1) {
    out[0] = round_box(rounding, s, e);
  } else {
    out[0] = round_box(rounding, s.x, e + 0);
    out[1] = round_box(rounding, s.y, e + 1);
    out[2] = round_box(rounding, s.z, e + 2);
    if constexpr (kCn == 4) out[3] = round_box(rounding, s.w, e + 3);
  }
}

// The pass on CUDA, after the table of the image was built into job.table, on `stream` (device
// pointers).
void cuda_variable_blur(const VariableBlurJob& job, cudaStream_t stream);

class EngineContext;
// The whole filter on the CPU (job.table unset), its table in bands of rows (variable_blur_cpu.cpp);
// and the bytes of one row of that table (the catalog's memory figure).
void cpu_variable_blur(EngineContext& engine, ConstImage8 src, const VariableBlurJob& job);
std::size_t variable_blur_cpu_table_row_bytes(int width, int channels);

}  // namespace sat::filters
