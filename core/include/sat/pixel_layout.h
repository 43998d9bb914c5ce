// How the pixels of a frame lie in memory, for every layout that the front-ends take from decoders
// and video pipelines (GStreamer's video/x-raw formats) and that satcore's images have: one table
// of plain data that satlab, satfilter, the GStreamer elements and the Python module read instead
// of describing the layouts themselves. satcore's own images are packed 8-bit planes of 1, 3 or 4
// channels in B, G, R(, A) order: Gray8, Bgr and Bgra here (image_layout).
//
// A row of the table says what a reader needs to walk a frame without knowing its format: its
// planes, the bytes of one element of each plane's rows, each plane's chroma subsampling, which
// plane holds luma, the sample size. Deeper layouts (16-bit gray, 10-bit YUV) are rows with two
// bytes per sample, little-endian, and say where their significant bits lie: a sample's value is
// sample >> sample_shift, in 0 … sample_max(info) (P010's 10 bits are the high bits of each 16-bit
// word; I420_10LE's the low bits). A layout of another depth or byte order (12-bit, big-endian) is
// not in the table: found by no name, so every reader refuses it by name.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

namespace sat {

// Packed RGB layouts by their byte order (x: a byte that is ignored); YUV layouts by their planes.
// New layouts go at the end: the values index kPixelLayouts and are kept by callers.
enum class PixelLayout { Gray8, Bgr, Bgrx, Bgra, Rgbx, Rgba, Nv12, I420, Gray16, P010, I420_10 };

struct PlaneShape {
  int bytes_per_pixel = 0;  // bytes of one element of the plane's rows (NV12's interleaved U,V pair: 2)
  int x_subsampling = 1;    // one element per x_subsampling columns of the frame (rounded up)
  int y_subsampling = 1;    // one row per y_subsampling rows of the frame (rounded up)
};

struct PixelLayoutInfo {
  PixelLayout layout;
  const char* name;  // GStreamer's format name, e.g. "NV12", "BGRx", "GRAY8"
  int planes;        // 1 to 3
  std::array<PlaneShape, 3> plane;
  int luma_plane;        // the plane of Y (YUV) or of the gray values, -1 for packed RGB
  int bytes_per_sample;  // of every sample of every plane (1: 8-bit)
  int bits;              // significant bits per sample
  bool red_first;        // packed RGB: red in the pixel's first byte (RGBx, RGBA), blue there otherwise
  bool alpha;            // packed RGB of 4 bytes: the 4th is alpha (BGRA, RGBA), not padding (x)
  int sample_shift = 0;  // value = sample >> sample_shift (P010: 6, the 10 bits in the high bits)
};

// One row per PixelLayout, in the enum's order.
inline constexpr std::array<PixelLayoutInfo, 11> kPixelLayouts{{
    {PixelLayout::Gray8, "GRAY8", 1, {{{1, 1, 1}}}, 0, 1, 8, false, false},
    {PixelLayout::Bgr, "BGR", 1, {{{3, 1, 1}}}, -1, 1, 8, false, false},
    {PixelLayout::Bgrx, "BGRx", 1, {{{4, 1, 1}}}, -1, 1, 8, false, false},
    {PixelLayout::Bgra, "BGRA", 1, {{{4, 1, 1}}}, -1, 1, 8, false, true},
    {PixelLayout::Rgbx, "RGBx", 1, {{{4, 1, 1}}}, -1, 1, 8, true, false},
    {PixelLayout::Rgba, "RGBA", 1, {{{4, 1, 1}}}, -1, 1, 8, true, true},
    {PixelLayout::Nv12, "NV12", 2, {{{1, 1, 1}, {2, 2, 2}}}, 0, 1, 8, false, false},
    {PixelLayout::I420, "I420", 3, {{{1, 1, 1}, {1, 2, 2}, {1, 2, 2}}}, 0, 1, 8, false, false},
    {PixelLayout::Gray16, "GRAY16_LE", 1, {{{2, 1, 1}}}, 0, 2, 16, false, false},
    {PixelLayout::P010, "P010_10LE", 2, {{{2, 1, 1}, {4, 2, 2}}}, 0, 2, 10, false, false, 6},
    {PixelLayout::I420_10, "I420_10LE", 3, {{{2, 1, 1}, {2, 2, 2}, {2, 2, 2}}}, 0, 2, 10, false, false},
}};

constexpr const PixelLayoutInfo& layout_info(PixelLayout layout) {
  return kPixelLayouts[static_cast<std::size_t>(layout)];
}

// The row named `name` (GStreamer's format name, exact case); nullptr for a layout not in the table.
constexpr const PixelLayoutInfo* find_pixel_layout(std::string_view name) {
  for (const PixelLayoutInfo& info : kPixelLayouts)
    if (name == info.name) return &info;
  return nullptr;
}

// The largest value of a sample's significant bits (255, 1023, 65535), and whether the layout
// has samples of more than one byte (what the 8-bit readers refuse).
constexpr unsigned sample_max(const PixelLayoutInfo& info) { return (1u << info.bits) - 1u; }
constexpr bool is_deep(const PixelLayoutInfo& info) { return info.bytes_per_sample > 1; }

// Luma (or gray) in one plane and chroma in the others.
constexpr bool is_planar_yuv(const PixelLayoutInfo& info) { return info.luma_plane >= 0 && info.planes > 1; }

// Interleaved samples per element of `plane` (BGRx: 4, NV12's chroma plane: 2).
constexpr int plane_channels(const PixelLayoutInfo& info, int plane) {
  return info.plane[plane].bytes_per_pixel / info.bytes_per_sample;
}

// The bytes of one row of `plane` and its number of rows, for a frame of width×height.
constexpr std::size_t plane_row_bytes(const PixelLayoutInfo& info, int plane, int width) {
  const PlaneShape& p = info.plane[plane];
  return std::size_t((width + p.x_subsampling - 1) / p.x_subsampling) * std::size_t(p.bytes_per_pixel);
}
constexpr int plane_rows(const PixelLayoutInfo& info, int plane, int height) {
  const int y = info.plane[plane].y_subsampling;
  return (height + y - 1) / y;
}

// The layout of a satcore image of `channels` 8-bit channels (1, 3 or 4; Gray8 for any other count).
constexpr PixelLayout image_layout(int channels) {
  return channels == 3 ? PixelLayout::Bgr : channels == 4 ? PixelLayout::Bgra : PixelLayout::Gray8;
}

}  // namespace sat
