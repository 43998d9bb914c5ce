#include "region_blur.h"

#include <algorithm>
#include <cstddef>

namespace sat_gst {
namespace {

// One plane of the frame as satcore sees it: `channels` interleaved bytes a pixel and the
// subsampling of its components.
struct PlaneView {
  uint8_t* data;
  std::size_t pitch;
  int width, height, channels;  // channels: bytes a pixel of the plane
  int w_sub, h_sub;
};

// A 10-bit format: the shift of the values in their 16-bit samples; -1 for the 8-bit formats.
int ten_bit_shift(GstVideoFormat format) {
  if (format == GST_VIDEO_FORMAT_P010_10LE) return 6;
  if (format == GST_VIDEO_FORMAT_I420_10LE) return 0;
  return -1;
}

PlaneView plane_view(GstVideoFrame& frame, int plane) {
  const GstVideoFormatInfo* info = frame.info.finfo;
  int c = 0;
  while (GST_VIDEO_FORMAT_INFO_PLANE(info, c) != guint(plane)) ++c;  // the plane's first component
  const int w_sub = GST_VIDEO_FORMAT_INFO_W_SUB(info, c), h_sub = GST_VIDEO_FORMAT_INFO_H_SUB(info, c);
  return {static_cast<uint8_t*>(GST_VIDEO_FRAME_PLANE_DATA(&frame, plane)),
          std::size_t(GST_VIDEO_FRAME_PLANE_STRIDE(&frame, plane)),
          GST_VIDEO_FRAME_COMP_WIDTH(&frame, c),
          GST_VIDEO_FRAME_COMP_HEIGHT(&frame, c),
          GST_VIDEO_FRAME_COMP_PSTRIDE(&frame, c),
          w_sub,
          h_sub};
}

// [begin, end) of a box side in plane samples: every sample one of its pixels falls on.
int sample_begin(int pixel, int sub) { return pixel >> sub; }
int sample_end(int pixel_end, int sub) { return (pixel_end + (1 << sub) - 1) >> sub; }

}  // namespace

void RegionBlur::blur(GstVideoFrame& frame, const std::vector<sat::Box>& boxes, const sat::BoxBlurParams& params) {
  session_.engine({GST_VIDEO_FRAME_WIDTH(&frame), GST_VIDEO_FRAME_HEIGHT(&frame)});  // every region fits
  const int shift = ten_bit_shift(GST_VIDEO_FRAME_FORMAT(&frame));
  for (const sat::Box& b : boxes) {
    for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES(&frame); ++p) {
      const PlaneView v = plane_view(frame, int(p));
      const int x0 = sample_begin(b.x, v.w_sub), y0 = sample_begin(b.y, v.h_sub);
      const int x1 = std::min(v.width, sample_end(b.x + b.width, v.w_sub));
      const int y1 = std::min(v.height, sample_end(b.y + b.height, v.h_sub));
      if (x1 <= x0 || y1 <= y0) continue;
      uint8_t* corner = v.data + std::size_t(y0) * v.pitch + std::size_t(x0) * std::size_t(v.channels);
      if (shift >= 0) {
        blur_ten_bit(corner, v.pitch, x1 - x0, y1 - y0, v.channels / 2, shift, params);
        continue;
      }
      if (v.channels != 2) {  // 1, 3 or 4 channels: blurred where it lies
        const sat::Image8 region{corner, v.pitch, x1 - x0, y1 - y0, v.channels};
        session_.run_host(params, region, region);
        continue;
      }
      // NV12's UV: each of the two channels blurred as a plane of its own.
      const int w = x1 - x0, h = y1 - y0;
      plane_.resize(std::size_t(w) * std::size_t(h));
      for (int ch = 0; ch < 2; ++ch) {
        for (int y = 0; y < h; ++y)
          for (int x = 0; x < w; ++x)
            plane_[std::size_t(y) * std::size_t(w) + std::size_t(x)] =
                corner[std::size_t(y) * v.pitch + std::size_t(2 * x + ch)];
        const sat::Image8 single{plane_.data(), std::size_t(w), w, h, 1};
        session_.run_host(params, single, single);
        for (int y = 0; y < h; ++y)
          for (int x = 0; x < w; ++x)
            corner[std::size_t(y) * v.pitch + std::size_t(2 * x + ch)] =
                plane_[std::size_t(y) * std::size_t(w) + std::size_t(x)];
      }
    }
  }
}

void RegionBlur::blur_ten_bit(uint8_t* corner, std::size_t pitch, int w, int h, int channels, int shift,
                              const sat::BoxBlurParams& params) {
  samples_.resize(std::size_t(w) * std::size_t(h));
  const sat::Image16 single{samples_.data(), std::size_t(w) * 2, w, h, 1};
  for (int ch = 0; ch < channels; ++ch) {
    for (int y = 0; y < h; ++y) {
      const auto* row = reinterpret_cast<const uint16_t*>(corner + std::size_t(y) * pitch);
      for (int x = 0; x < w; ++x)
        samples_[std::size_t(y) * std::size_t(w) + std::size_t(x)] = uint16_t(row[x * channels + ch] >> shift);
    }
    session_.run_host(params, sat::ConstImageView(sat::ConstImage16(single)), sat::ImageView(single));
    for (int y = 0; y < h; ++y) {
      auto* row = reinterpret_cast<uint16_t*>(corner + std::size_t(y) * pitch);
      for (int x = 0; x < w; ++x)  // an average of 10-bit values stays in 10 bits
        row[x * channels + ch] =
            uint16_t(std::min<unsigned>(samples_[std::size_t(y) * std::size_t(w) + std::size_t(x)], 1023u) << shift);
    }
  }
}

}  // namespace sat_gst
