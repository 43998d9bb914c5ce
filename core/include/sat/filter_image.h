// The values every filter's parameters and images are made of: the border rule and the 8-bit
// images the filters read and write.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace sat {

// Border rule for pixels outside the image (OpenCV names).
enum class Border {
  Reflect101,  // gfedcb|abcdefgh|gfedcba  (OpenCV's default, numpy 'reflect')
  Replicate,   // aaaaaa|abcdefgh|hhhhhhh
};
const char* to_string(Border border);  // "reflect101", "replicate"
std::optional<Border> parse_border(std::string_view name);

// An 8-bit image, channels interleaved (1, 3 = BGR, or 4 = BGRA), rows `pitch` bytes apart.
// Host memory for Backend::Cpu, device memory for Backend::Cuda.
struct ConstImage8 {
  const uint8_t* data = nullptr;
  std::size_t pitch = 0;
  int width = 0, height = 0, channels = 1;
};
struct Image8 {
  uint8_t* data = nullptr;
  std::size_t pitch = 0;
  int width = 0, height = 0, channels = 1;
  operator ConstImage8() const { return {data, pitch, width, height, channels}; }
};

}  // namespace sat
