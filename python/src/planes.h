// A tensor seen as images: `count` planes of height × width × channels, rows `pitch` bytes apart,
// planes `plane_stride` bytes apart, with the checks that make that reading safe (contiguous
// rows and pixels, leading axes of one stride), in the Python functions' words.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "tensor.h"

namespace satpy {

struct Planes {
  int width = 0, height = 0, channels = 1;
  int64_t count = 1;
  std::size_t pitch = 0, plane_stride = 0;
};

// channels_last: (..., H, W, C) with C ∈ {1, 3, 4}; else (..., H, W). `what` names the tensor in
// errors ("input", "out"). Throws std::invalid_argument.
Planes planes_of(const Tensor& t, bool channels_last, const std::string& what);
// A tensor that is written: planes_of, and its planes must not overlap (a broadcast or
// as_strided array whose planes share memory would keep only the last plane's result).
Planes written_planes_of(const Tensor& t, bool channels_last, const std::string& what);

[[noreturn]] void bad(const std::string& message);          // throws std::invalid_argument
std::string shape_text(const std::vector<int64_t>& shape);  // "(2, 3)", "(4,)"

}  // namespace satpy
