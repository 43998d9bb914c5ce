#include "common/frame_planes.h"

#include <cstring>
#include <utility>

namespace sat_gst {
namespace {

// The first component stored in `plane`: it gives the plane's subsampled size and pixel stride.
int first_component(const GstVideoFrame* frame, int plane) {
  gint components[GST_VIDEO_MAX_COMPONENTS];
  gst_video_format_info_component(frame->info.finfo, guint(plane), components);
  return components[0];
}

}  // namespace

sat::Image8 plane_image(GstVideoFrame* frame, int plane, int channels) {
  const int component = first_component(frame, plane);
  const int width = GST_VIDEO_FRAME_COMP_WIDTH(frame, component);
  const int height = GST_VIDEO_FRAME_COMP_HEIGHT(frame, component);
  return {static_cast<uint8_t*>(GST_VIDEO_FRAME_PLANE_DATA(frame, plane)),
          std::size_t(GST_VIDEO_FRAME_PLANE_STRIDE(frame, plane)), width, height, channels};
}

std::size_t plane_row_bytes(GstVideoFrame* frame, int plane) {
  const int component = first_component(frame, plane);
  return std::size_t(GST_VIDEO_FRAME_COMP_WIDTH(frame, component)) *
         std::size_t(GST_VIDEO_FRAME_COMP_PSTRIDE(frame, component));
}

void swap_red_blue(sat::ConstImage8 src, sat::Image8 dst) {
  for (int y = 0; y < src.height; ++y) {
    const uint8_t* s = src.data + std::size_t(y) * src.pitch;
    uint8_t* d = dst.data + std::size_t(y) * dst.pitch;
    for (int x = 0; x < src.width; ++x, s += 4, d += 4) {
      const uint8_t red = s[0], green = s[1], blue = s[2], alpha = s[3];
      d[0] = blue;
      d[1] = green;
      d[2] = red;
      d[3] = alpha;
    }
  }
}

void spread_gray(sat::ConstImage8 gray, sat::ConstImage8 src, sat::Image8 dst) {
  for (int y = 0; y < gray.height; ++y) {
    const uint8_t* g = gray.data + std::size_t(y) * gray.pitch;
    const uint8_t* s = src.data + std::size_t(y) * src.pitch;
    uint8_t* d = dst.data + std::size_t(y) * dst.pitch;
    for (int x = 0; x < gray.width; ++x, s += src.channels, d += dst.channels) {
      d[0] = d[1] = d[2] = g[x];
      if (dst.channels == 4) d[3] = s[3];
    }
  }
}

sat::Image8 scratch_image(std::vector<uint8_t>& storage, int width, int height, int channels) {
  const std::size_t pitch = std::size_t(width) * std::size_t(channels);
  storage.resize(pitch * std::size_t(height));
  return {storage.data(), pitch, width, height, channels};
}

void copy_chroma(const GstVideoFrame* src, GstVideoFrame* dst) {
  for (guint plane = 1; plane < GST_VIDEO_FRAME_N_PLANES(src); ++plane) gst_video_frame_copy_plane(dst, src, plane);
}

void neutral_chroma(GstVideoFrame* dst) {
  for (guint plane = 1; plane < GST_VIDEO_FRAME_N_PLANES(dst); ++plane) {
    const sat::Image8 chroma = plane_image(dst, int(plane), 1);
    const std::size_t row = plane_row_bytes(dst, int(plane));  // NV12: U and V interleaved
    for (int y = 0; y < chroma.height; ++y) std::memset(chroma.data + std::size_t(y) * chroma.pitch, 128, row);
  }
}

}  // namespace sat_gst
