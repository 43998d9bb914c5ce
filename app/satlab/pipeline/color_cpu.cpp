#include "pipeline/color_cpu.h"

#include <cstdint>
#include <string>

#include "sat/error.h"

namespace satlab {

void bgr_to_bgra_cpu(sat::ConstImage8 bgr, sat::Image8 bgra) {
  if (bgr.channels != 3 || bgra.channels != 4 || bgr.width != bgra.width || bgr.height != bgra.height)
    throw sat::Error(sat::ErrorCode::InvalidArgument, "bgr_to_bgra_cpu",
                     "needs 3-channel input and 4-channel output of one size");
  for (int y = 0; y < bgr.height; ++y) {
    const uint8_t* s = bgr.data + y * bgr.pitch;
    uint8_t* d = bgra.data + y * bgra.pitch;
    for (int x = 0; x < bgr.width; ++x, s += 3, d += 4) {
      d[0] = s[0];
      d[1] = s[1];
      d[2] = s[2];
      d[3] = 255;
    }
  }
}

void to_rgba_cpu(sat::ConstImage8 src, sat::Image8 rgba) {
  if ((src.channels != 1 && src.channels != 3 && src.channels != 4) || rgba.channels != 4 || rgba.width != src.width ||
      rgba.height != src.height)
    throw sat::Error(sat::ErrorCode::InvalidArgument, "to_rgba_cpu",
                     "needs 1, 3 or 4 input channels (got " + std::to_string(src.channels) +
                         ") and a 4-channel output of the input's size");
  for (int y = 0; y < src.height; ++y) {
    const uint8_t* s = src.data + y * src.pitch;
    uint8_t* d = rgba.data + y * rgba.pitch;
    switch (src.channels) {
      case 1:
        for (int x = 0; x < src.width; ++x, d += 4) d[0] = d[1] = d[2] = s[x], d[3] = 255;
        break;
      case 3:
        for (int x = 0; x < src.width; ++x, s += 3, d += 4) d[0] = s[2], d[1] = s[1], d[2] = s[0], d[3] = 255;
        break;
      default:
        for (int x = 0; x < src.width; ++x, s += 4, d += 4) d[0] = s[2], d[1] = s[1], d[2] = s[0], d[3] = s[3];
        break;
    }
  }
}

}  // namespace satlab
