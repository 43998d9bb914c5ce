#include "box_outline.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace sat_gst {
namespace {

constexpr int kLine = 2;  // outline width in pixels

// The outline colour per component, in GStreamer's component order (R G B A, Y U V, or gray).
void outline_colour(const GstVideoFormatInfo* info, uint8_t colour[4]) {
  if (GST_VIDEO_FORMAT_INFO_IS_YUV(info)) {
    colour[0] = 145, colour[1] = 54, colour[2] = 34, colour[3] = 255;
  } else if (GST_VIDEO_FORMAT_INFO_IS_GRAY(info)) {
    colour[0] = 255;
  } else {
    colour[0] = 0, colour[1] = 255, colour[2] = 0, colour[3] = 255;
  }
}

// Sets component `c` of every pixel in [x0, x1) × [y0, y1) (frame pixels) to `value` (8-bit); a
// subsampled component sets each of its samples that one of those pixels falls on. A component
// of more bits (P010_10LE, I420_10LE) gets the 8-bit value scaled to its depth, in its 16-bit
// sample at its bit position (P010: value << 2 << 6).
void fill(GstVideoFrame& frame, int c, int x0, int y0, int x1, int y1, uint8_t value) {
  const GstVideoFormatInfo* info = frame.info.finfo;
  const int depth = int(GST_VIDEO_FORMAT_INFO_DEPTH(info, c));
  const int ws = GST_VIDEO_FORMAT_INFO_W_SUB(info, c), hs = GST_VIDEO_FORMAT_INFO_H_SUB(info, c);
  auto* base = static_cast<uint8_t*>(GST_VIDEO_FRAME_COMP_DATA(&frame, c));
  const int stride = GST_VIDEO_FRAME_COMP_STRIDE(&frame, c), step = GST_VIDEO_FRAME_COMP_PSTRIDE(&frame, c);
  const auto deep = uint16_t((unsigned(value) << (depth - 8)) << GST_VIDEO_FORMAT_INFO_SHIFT(info, c));
  for (int y = y0 >> hs; y <= (y1 - 1) >> hs; ++y)
    for (int x = x0 >> ws; x <= (x1 - 1) >> ws; ++x) {
      uint8_t* sample = base + std::ptrdiff_t(y) * stride + std::ptrdiff_t(x) * step;
      if (depth > 8)
        std::memcpy(sample, &deep, 2);  // little-endian formats only (the table's)
      else
        *sample = value;
    }
}

}  // namespace

void draw_outlines(GstVideoFrame& frame, const std::vector<sat::Box>& boxes) {
  uint8_t colour[4] = {};
  outline_colour(frame.info.finfo, colour);
  const int components = GST_VIDEO_FRAME_N_COMPONENTS(&frame);
  for (const sat::Box& b : boxes) {
    if (b.width < 1 || b.height < 1) continue;
    const int x1 = b.x + b.width, y1 = b.y + b.height;
    const int lw = std::min(kLine, b.width), lh = std::min(kLine, b.height);
    for (int c = 0; c < components; ++c) {
      fill(frame, c, b.x, b.y, x1, b.y + lh, colour[c]);  // top
      fill(frame, c, b.x, y1 - lh, x1, y1, colour[c]);    // bottom
      fill(frame, c, b.x, b.y, b.x + lw, y1, colour[c]);  // left
      fill(frame, c, x1 - lw, b.y, x1, y1, colour[c]);    // right
    }
  }
}

}  // namespace sat_gst
