// What an encoded image's first bytes say before anything decodes it: whether they start like
// an image at all and, for the common formats, the size the image announces. A few kilobytes of
// PNG can announce 32767x32767 pixels (1 GiB once decoded), and a stream such as /dev/zero never
// ends: both are refused from their header, before the decoder allocates or the reader reads on.
#pragma once

#include <cstddef>
#include <cstdint>

namespace satapp::image {

enum class HeaderKind {
  Unknown,  // no signature of a format OpenCV 4.6 decodes (yet: more bytes may still make one)
  Format,   // a known signature; the size is not read for this format, or lies further on
  Sized,    // a known signature and the width and height of the image
};

struct ImageHeader {
  HeaderKind kind = HeaderKind::Unknown;
  const char* format = "";  // "PNG", "JPEG", "BMP", "PNM", "WebP", "TIFF"...; "" when Unknown
  std::uint64_t width = 0;  // Sized only
  std::uint64_t height = 0;
  std::uint64_t pixels() const { return width * height; }
};

// Reads the first `size` bytes of an encoded image. Sizes are read for PNG, JPEG, BMP, the
// Netpbm family (PBM/PGM/PPM, PAM, PFM), WebP, TIFF and Sun raster; JPEG 2000, OpenEXR,
// Radiance HDR and AVIF are recognised (Format) without their size.
ImageHeader read_image_header(const std::uint8_t* data, std::size_t size);

// How many bytes read_image_header() needs to tell an image from anything else.
inline constexpr std::size_t kSignatureBytes = 16;

}  // namespace satapp::image
