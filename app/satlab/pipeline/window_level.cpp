#include "pipeline/window_level.h"

#include <algorithm>

#include "sat/error.h"

namespace satlab {

namespace {

void check_pair(const sat::ConstImage16& src, const sat::Image8& dst) {
  if (src.channels != 1 || dst.channels != 1 || src.width != dst.width || src.height != dst.height)
    throw sat::Error(sat::ErrorCode::InvalidArgument, "window_level_cpu",
                     "one-channel images of the same size are needed (got " + std::to_string(src.width) + "x" +
                         std::to_string(src.height) + "x" + std::to_string(src.channels) + " and " +
                         std::to_string(dst.width) + "x" + std::to_string(dst.height) + "x" +
                         std::to_string(dst.channels) + ")");
}

const uint16_t* row_of(const sat::ConstImage16& image, int y) {
  return reinterpret_cast<const uint16_t*>(reinterpret_cast<const uint8_t*>(image.data) + std::size_t(y) * image.pitch);
}

}  // namespace

SampleRange manual_range(const WindowLevel& settings) {
  const long window = std::clamp(settings.window, 1, kMaxWindow);
  const long low = long(std::clamp(settings.level, 0, 65535)) - window / 2;
  const long high = low + window;
  return range_of(uint32_t(std::clamp(low, 0L, 65535L)), uint32_t(std::clamp(high, 0L, 65535L)));
}

WindowLevel window_level_of(SampleRange range) {
  WindowLevel settings;
  settings.automatic = false;
  settings.window = int(range.high - range.low);
  settings.level = int(range.low) + settings.window / 2;
  return settings;
}

SampleRange frame_range_cpu(sat::ConstImage16 image) {
  uint32_t lo = 65535, hi = 0;
  if (image.width <= 0 || image.height <= 0) return range_of(lo, hi);
  for (int y = 0; y < image.height; ++y) {
    const uint16_t* row = row_of(image, y);
    const auto [mn, mx] = std::minmax_element(row, row + std::size_t(image.width) * std::size_t(image.channels));
    lo = std::min<uint32_t>(lo, *mn);
    hi = std::max<uint32_t>(hi, *mx);
  }
  return range_of(lo, hi);
}

void window_level_cpu(sat::ConstImage16 src, sat::Image8 dst, SampleRange range) {
  check_pair(src, dst);
  for (int y = 0; y < src.height; ++y) {
    const uint16_t* in = row_of(src, y);
    uint8_t* out = dst.data + std::size_t(y) * dst.pitch;
    for (int x = 0; x < src.width; ++x) out[x] = window_level_sample(in[x], range);
  }
}

}  // namespace satlab
