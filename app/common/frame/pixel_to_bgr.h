// One pixel of a FrameView as B, G, R: the conversion the host (frame_to_bgr.cpp) and the GPU
// (frame_ingest.cu) share, so that a frame gives the same bytes on either.
#pragma once

#include <cstdint>

#include "common/frame/frame_view.h"

#ifdef __CUDACC__
#define SATAPP_HOST_DEVICE __host__ __device__
#else
#define SATAPP_HOST_DEVICE
#endif

namespace satapp {

SATAPP_HOST_DEVICE inline uint8_t clamp_fixed(int32_t value_16_16) {
  const int32_t v = (value_16_16 + 32768) >> 16;  // rounded to nearest
  return static_cast<uint8_t>(v < 0 ? 0 : v > 255 ? 255 : v);
}

SATAPP_HOST_DEVICE inline void yuv_to_bgr(const YuvMatrix& m, int y, int u, int v, uint8_t* bgr) {
  const int32_t luma = m.cy * (y - m.y_offset);
  const int32_t cb = u - 128, cr = v - 128;
  bgr[0] = clamp_fixed(luma + m.cb_b * cb);
  bgr[1] = clamp_fixed(luma - m.cb_g * cb - m.cr_g * cr);
  bgr[2] = clamp_fixed(luma + m.cr_r * cr);
}

// Pixel (x, y) of `f` (inside it) into bgr[0..2]. 8-bit layouts only: the callers refuse the
// others first (require_8bit, frame_view.h).
SATAPP_HOST_DEVICE inline void pixel_to_bgr(const FrameView& f, int x, int y, uint8_t* bgr) {
  const uint8_t* row = f.plane[0] + static_cast<std::size_t>(y) * f.pitch[0];
  switch (f.layout) {
    case PixelLayout::Bgr:
      bgr[0] = row[3 * x];
      bgr[1] = row[3 * x + 1];
      bgr[2] = row[3 * x + 2];
      return;
    case PixelLayout::Bgrx:
    case PixelLayout::Bgra:
      bgr[0] = row[4 * x];
      bgr[1] = row[4 * x + 1];
      bgr[2] = row[4 * x + 2];
      return;
    case PixelLayout::Rgbx:
    case PixelLayout::Rgba:
      bgr[0] = row[4 * x + 2];
      bgr[1] = row[4 * x + 1];
      bgr[2] = row[4 * x];
      return;
    case PixelLayout::Gray8:
      bgr[0] = bgr[1] = bgr[2] = row[x];
      return;
    case PixelLayout::Nv12: {  // chroma at half resolution, U and V interleaved
      const uint8_t* uv = f.plane[1] + static_cast<std::size_t>(y / 2) * f.pitch[1] + 2 * (x / 2);
      yuv_to_bgr(f.yuv, row[x], uv[0], uv[1], bgr);
      return;
    }
    case PixelLayout::I420: {  // chroma at half resolution, U and V in planes of their own
      const uint8_t u = f.plane[1][static_cast<std::size_t>(y / 2) * f.pitch[1] + x / 2];
      const uint8_t v = f.plane[2][static_cast<std::size_t>(y / 2) * f.pitch[2] + x / 2];
      yuv_to_bgr(f.yuv, row[x], u, v, bgr);
      return;
    }
    case PixelLayout::Gray16:  // refused before any pixel is read (require_8bit): black, never misread
    case PixelLayout::P010:
    case PixelLayout::I420_10:
      bgr[0] = bgr[1] = bgr[2] = 0;
      return;
  }
}

}  // namespace satapp
