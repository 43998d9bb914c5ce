// An image parameter's file (the variable blur's radius map): read once into host memory as one
// 8-bit gray channel.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "sat/filter_params.h"

namespace sat_gst {

// what(): "cannot read radius-map-file "maps/r.png": <reason>".
class ImageFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct GrayImage {
  std::vector<uint8_t> pixels;  // width × height, rows packed
  int width = 0, height = 0;
  sat::ConstImage8 view() const { return {pixels.data(), std::size_t(width), width, height, 1}; }
};

// PNG, JPEG, BMP, PGM, ... (whatever stb_image reads), colour converted to gray by stb.
// `property` names the property in the error.
GrayImage read_gray_image(const std::string& path, const std::string& property);

}  // namespace sat_gst
