#include "common/deep_samples.h"

#include <algorithm>
#include <cstddef>

#include "common/frame_planes.h"

namespace sat_gst {
namespace {

const uint16_t* row_of(sat::ConstImage16 image, int y) {
  return reinterpret_cast<const uint16_t*>(reinterpret_cast<const uint8_t*>(image.data) + std::size_t(y) * image.pitch);
}
uint16_t* row_of(sat::Image16 image, int y) {
  return reinterpret_cast<uint16_t*>(reinterpret_cast<uint8_t*>(image.data) + std::size_t(y) * image.pitch);
}

}  // namespace

void unshift_samples(sat::ConstImage16 src, sat::Image16 dst, int shift) {
  const int samples = src.width * src.channels;
  for (int y = 0; y < src.height; ++y) {
    const uint16_t* s = row_of(src, y);
    uint16_t* d = row_of(dst, y);
    for (int x = 0; x < samples; ++x) d[x] = uint16_t(s[x] >> shift);
  }
}

void pack_samples(sat::ConstImage16 src, sat::Image16 dst, unsigned max, int shift) {
  const int samples = src.width * src.channels;
  for (int y = 0; y < src.height; ++y) {
    const uint16_t* s = row_of(src, y);
    uint16_t* d = row_of(dst, y);
    for (int x = 0; x < samples; ++x) d[x] = uint16_t(std::min<unsigned>(s[x], max) << shift);
  }
}

void rescale_samples(sat::ConstImage16 src, sat::Image16 dst, unsigned max, int shift) {
  const int samples = src.width * src.channels;
  for (int y = 0; y < src.height; ++y) {
    const uint16_t* s = row_of(src, y);
    uint16_t* d = row_of(dst, y);
    for (int x = 0; x < samples; ++x) d[x] = uint16_t(((uint32_t(s[x]) * max + 32767u) / 65535u) << shift);
  }
}

void fill_chroma16(GstVideoFrame* dst, uint16_t value) {
  for (int plane = 1; plane < int(GST_VIDEO_FRAME_N_PLANES(dst)); ++plane) {
    const sat::Image8 bytes = plane_image(dst, plane, 1);
    const std::size_t samples = plane_row_bytes(dst, plane) / 2;  // P010: U and V interleaved
    for (int y = 0; y < bytes.height; ++y) {
      uint16_t* row = reinterpret_cast<uint16_t*>(bytes.data + std::size_t(y) * bytes.pitch);
      std::fill(row, row + samples, value);
    }
  }
}

}  // namespace sat_gst
