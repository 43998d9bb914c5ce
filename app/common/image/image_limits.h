// The largest image the programs decode (satfilter's --max-pixels), and the most bytes they read
// for one: an input is refused from its header, or once it outgrows any image they accept,
// instead of being decoded or read to its end.
#pragma once

#include <cstdint>
#include <string>

#include "common/image/image_header.h"

namespace satapp::image {

// 16384x16384: 256 Mi pixels, 1 GiB as 8-bit BGRA.
inline constexpr std::uint64_t kDefaultMaxPixels = std::uint64_t(16384) * 16384;
// cv::imdecode takes the encoded bytes as one row of a cv::Mat, whose width is an int.
inline constexpr std::uint64_t kMaxEncodedBytes = 0x7FFFFFFF;
// What an image may carry beside its pixels (ICC profiles, EXIF, comments).
inline constexpr std::uint64_t kMetadataBytes = std::uint64_t(16) << 20;
// The most bytes per pixel an encoding of an 8-bit image takes (ASCII PPM: up to 12).
inline constexpr std::uint64_t kEncodedBytesPerPixel = 16;

// The most bytes an encoded image of at most `pixels` pixels may take: 16 a pixel and 16 MiB of
// metadata, within kMaxEncodedBytes.
std::uint64_t max_encoded_bytes(std::uint64_t pixels);

// Why an image of `width` x `height` is refused under `max_pixels` ("" when it is not):
// "it is 32767x32767 (1073676289 pixels), more than the limit of 268435456 pixels".
std::string oversize_reason(std::uint64_t width, std::uint64_t height, std::uint64_t max_pixels);

// The same from the header of the image file `path` (its first 64 KiB), before a decoder opens
// it: "" when the header gives no size (or the file cannot be read: the decoder says why).
std::string file_oversize_reason(const std::string& path, std::uint64_t max_pixels);

}  // namespace satapp::image
