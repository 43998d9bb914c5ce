#include "gray_plane.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace sat_gst {
namespace {

// Byte offsets of R, G and B in a pixel of a packed format.
struct ChannelOrder {
  int r, g, b;
};

void packed_to_gray(const GstVideoFrame& frame, ChannelOrder order, uint8_t* gray) {
  const int width = GST_VIDEO_FRAME_WIDTH(&frame), height = GST_VIDEO_FRAME_HEIGHT(&frame);
  const int step = GST_VIDEO_FRAME_COMP_PSTRIDE(&frame, 0);
  const std::size_t pitch = std::size_t(GST_VIDEO_FRAME_PLANE_STRIDE(&frame, 0));
  const auto* base = static_cast<const uint8_t*>(GST_VIDEO_FRAME_PLANE_DATA(&frame, 0));
  for (int y = 0; y < height; ++y) {
    const uint8_t* px = base + std::size_t(y) * pitch;
    uint8_t* out = gray + std::size_t(y) * std::size_t(width);
    for (int x = 0; x < width; ++x, px += step)
      out[x] = uint8_t((px[order.b] * 3735 + px[order.g] * 19235 + px[order.r] * 9798 + 16384) >> 15);
  }
}

}  // namespace

bool has_gray_plane(GstVideoFormat format) {
  switch (format) {
    case GST_VIDEO_FORMAT_GRAY8:
    case GST_VIDEO_FORMAT_I420:
    case GST_VIDEO_FORMAT_NV12:
    case GST_VIDEO_FORMAT_BGR:
    case GST_VIDEO_FORMAT_BGRx:
    case GST_VIDEO_FORMAT_BGRA:
    case GST_VIDEO_FORMAT_RGB:
    case GST_VIDEO_FORMAT_RGBA: return true;
    default: return false;
  }
}

sat::ConstImage8 GrayPlane::of(const GstVideoFrame& frame) {
  const int width = GST_VIDEO_FRAME_WIDTH(&frame), height = GST_VIDEO_FRAME_HEIGHT(&frame);
  ChannelOrder order{};
  switch (GST_VIDEO_FRAME_FORMAT(&frame)) {
    case GST_VIDEO_FORMAT_GRAY8:
    case GST_VIDEO_FORMAT_I420:
    case GST_VIDEO_FORMAT_NV12:
      return {static_cast<const uint8_t*>(GST_VIDEO_FRAME_PLANE_DATA(&frame, 0)),
              std::size_t(GST_VIDEO_FRAME_PLANE_STRIDE(&frame, 0)), width, height, 1};
    case GST_VIDEO_FORMAT_BGR:
    case GST_VIDEO_FORMAT_BGRx:
    case GST_VIDEO_FORMAT_BGRA: order = {2, 1, 0}; break;
    default: order = {0, 1, 2}; break;  // RGB, RGBA
  }
  converted_.resize(std::size_t(width) * std::size_t(height));
  packed_to_gray(frame, order, converted_.data());
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
