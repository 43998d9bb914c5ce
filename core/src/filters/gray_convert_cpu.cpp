// CPU colour conversions: BGR[A] → gray (a 1-channel image is copied), and 3/4 channels → 4-byte
// pixels for the u8x4 table.
#include <cstring>

#include "filters/backend.h"
#include "filters/cpu_rows.h"

namespace sat::filters {

void cpu_to_gray(ConstImage8 src, uint8_t* dst, std::size_t dst_pitch, int threads) {
  parallel_rows(src.height, src.width, threads, [&](int y0, int y1) {
    for (int y = y0; y < y1; ++y) {
      const uint8_t* in = row_ptr(src.data, src.pitch, y);
      uint8_t* out = row_ptr(dst, dst_pitch, y);
      if (src.channels == 1) {
        if (out != in) std::memmove(out, in, std::size_t(src.width));
        continue;
      }
      const int cn = src.channels;
      for (int x = 0; x < src.width; ++x) out[x] = bgr_to_gray(in[x * cn], in[x * cn + 1], in[x * cn + 2]);
    }
  });
}

void cpu_to_bgrx(ConstImage8 src, u8x4* dst, std::size_t dst_pitch, int threads) {
  parallel_rows(src.height, src.width, threads, [&](int y0, int y1) {
    const int cn = src.channels;
    for (int y = y0; y < y1; ++y) {
      const uint8_t* in = row_ptr(src.data, src.pitch, y);
      u8x4* out = row_ptr(dst, dst_pitch, y);
      for (int x = 0; x < src.width; ++x)
        out[x] = {in[x * cn], in[x * cn + 1], in[x * cn + 2], uint8_t(cn == 4 ? in[x * cn + 3] : 0)};
    }
  });
}

}  // namespace sat::filters
