#include "detect/resize_linear.h"

#include <cmath>

#include "filters/cpu_rows.h"

namespace sat::detect {

void cpu_resize_linear(const uint8_t* src, std::size_t src_pitch, Extent src_size, uint8_t* dst, std::size_t dst_pitch,
                       Extent dst_size, AxisTaps* x_taps, AxisTaps* y_taps) {
  for (int x = 0; x < dst_size.width; ++x) x_taps[x] = axis_tap(src_size.width, dst_size.width, x);
  for (int y = 0; y < dst_size.height; ++y) y_taps[y] = axis_tap(src_size.height, dst_size.height, y);
  filters::parallel_rows(dst_size.height, int64_t(dst_size.width) * 4, 0, [&](int y0, int y1) {
    for (int y = y0; y < y1; ++y) {
      uint8_t* out = dst + std::size_t(y) * dst_pitch;
      for (int x = 0; x < dst_size.width; ++x)
        out[x] = uint8_t(resize_pixel(src, src_pitch, src_size.width, src_size.height, x_taps[x], y_taps[y]));
    }
  });
}

}  // namespace sat::detect
