// An image parameter's file (the variable blur's radius map): judged by its header before it is
// decoded, then decoded from memory into one 8-bit gray channel. The image must be the frame's
// size (satcore reads it pixel for pixel beside the frame), so a header that says otherwise is
// refused before the rest of the file is read: a PNG of a few kilobytes can announce
// 32768x32768 pixels, a gigabyte once decoded.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/input_file.h"
#include "sat/filter_params.h"

namespace sat_gst {

struct ImageSize {
  int width = 0, height = 0;
};

struct GrayImage {
  std::vector<uint8_t> pixels;  // width × height, rows packed
  int width = 0, height = 0;
  sat::ConstImage8 view() const { return {pixels.data(), std::size_t(width), width, height, 1}; }
};

// How far into a file its header is looked for (JPEG's EXIF and ICC segments come before its size).
inline constexpr std::uint64_t kImageHeaderBytes = std::uint64_t(1) << 20;

// The size the header of `path` announces, after the checks every read makes: a regular file
// (input_file.h), whose first kImageHeaderBytes hold the header of an image stb_image reads (PNG,
// JPEG, BMP, PGM, TGA, GIF, ...), and no longer than an image of that size is encoded in.
// `property` names the file in errors. Throws FileError.
ImageSize read_image_size(const std::string& path, const std::string& property);

// The image of `path`, colour converted to gray by stb_image, decoded only when its header
// announces `frame`'s size ("it is 32768x32768, the frames are 64x48" otherwise). Throws FileError.
GrayImage read_gray_image(const std::string& path, const std::string& property, ImageSize frame);

}  // namespace sat_gst
