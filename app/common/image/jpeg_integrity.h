// A truncated JPEG decodes "successfully": libjpeg warns "Premature end of JPEG file", fills the
// missing rows with gray and OpenCV returns the image. So JPEG data is checked for completeness
// before it is decoded, by walking its structure to the end-of-image marker.
#pragma once

#include <cstddef>
#include <cstdint>

namespace satapp::image {

// Whether `data` starts as a JPEG (SOI marker FF D8) but ends before its EOI marker (FF D9):
// segments are skipped by their lengths and entropy-coded data is scanned to the next marker,
// so an EOI inside metadata (an EXIF thumbnail) does not count. False for data that is not a
// JPEG, and for a complete one (bytes after EOI are ignored, as libjpeg does).
bool is_truncated_jpeg(const std::uint8_t* data, std::size_t size);

}  // namespace satapp::image
