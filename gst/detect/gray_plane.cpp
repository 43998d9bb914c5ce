#include "gray_plane.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "gray_formula.h"

namespace sat_gst {

void packed_to_gray(sat::ConstImage8 packed, bool red_first, sat::Image8 gray) {
  const int r = red_first ? 0 : 2, b = red_first ? 2 : 0;
  for (int y = 0; y < packed.height; ++y) {
    const uint8_t* px = packed.data + std::size_t(y) * packed.pitch;
    uint8_t* out = gray.data + std::size_t(y) * gray.pitch;
    for (int x = 0; x < packed.width; ++x, px += packed.channels) out[x] = gray_of(px[b], px[1], px[r]);
  }
}

bool is_red_first(GstVideoFormat format) { return format == GST_VIDEO_FORMAT_RGB || format == GST_VIDEO_FORMAT_RGBA; }

bool has_gray_plane(GstVideoFormat format) {
  switch (format) {
    case GST_VIDEO_FORMAT_GRAY8:
    case GST_VIDEO_FORMAT_I420:
    case GST_VIDEO_FORMAT_NV12:
    case GST_VIDEO_FORMAT_BGR:
    case GST_VIDEO_FORMAT_BGRx:
    case GST_VIDEO_FORMAT_BGRA:
    case GST_VIDEO_FORMAT_RGB:
    case GST_VIDEO_FORMAT_RGBA:
    case GST_VIDEO_FORMAT_P010_10LE:
    case GST_VIDEO_FORMAT_I420_10LE:
      return true;
    default:
      return false;
  }
}

sat::ConstImage8 GrayPlane::of(const GstVideoFrame& frame) {
  const int width = GST_VIDEO_FRAME_WIDTH(&frame), height = GST_VIDEO_FRAME_HEIGHT(&frame);
  const GstVideoFormat format = GST_VIDEO_FRAME_FORMAT(&frame);
  const sat::ConstImage8 plane{static_cast<const uint8_t*>(GST_VIDEO_FRAME_PLANE_DATA(&frame, 0)),
                               std::size_t(GST_VIDEO_FRAME_PLANE_STRIDE(&frame, 0)), width, height,
                               GST_VIDEO_FRAME_COMP_PSTRIDE(&frame, 0)};
  if (format == GST_VIDEO_FORMAT_GRAY8 || format == GST_VIDEO_FORMAT_I420 || format == GST_VIDEO_FORMAT_NV12)
    return {plane.data, plane.pitch, width, height, 1};
  converted_.resize(std::size_t(width) * std::size_t(height));
  if (format == GST_VIDEO_FORMAT_P010_10LE || format == GST_VIDEO_FORMAT_I420_10LE) {
    // Y10 >> 2: P010's 10 bits are the word's high bits (>> 6 first), I420_10LE's the low ones.
    const int shift = format == GST_VIDEO_FORMAT_P010_10LE ? 8 : 2;
    for (int y = 0; y < height; ++y) {
      const auto* in = reinterpret_cast<const uint16_t*>(plane.data + std::size_t(y) * plane.pitch);
      uint8_t* out = converted_.data() + std::size_t(y) * std::size_t(width);
      for (int x = 0; x < width; ++x) out[x] = uint8_t(std::min(in[x] >> shift, 255));
    }
    return {converted_.data(), std::size_t(width), width, height, 1};
  }
  packed_to_gray(plane, is_red_first(format), {converted_.data(), std::size_t(width), width, height, 1});
  return {converted_.data(), std::size_t(width), width, height, 1};
}

double standard_deviation(sat::ConstImage8 gray) {
  double sum = 0, sum_sq = 0;
  for (int y = 0; y < gray.height; ++y) {
    const uint8_t* row = gray.data + std::size_t(y) * gray.pitch;
    uint64_t s = 0, q = 0;  // one row's sums are exact in 64 bits
    for (int x = 0; x < gray.width; ++x) {
      s += row[x];
      q += uint64_t(row[x]) * row[x];
    }
    sum += double(s);
    sum_sq += double(q);
  }
  const double n = double(gray.width) * double(gray.height);
  const double mean = sum / n;
  return std::sqrt(std::max(0.0, sum_sq / n - mean * mean));
}

}  // namespace sat_gst
