// See planes.h.
#include "planes.h"

#include <climits>
#include <stdexcept>

namespace satpy {

void bad(const std::string& message) { throw std::invalid_argument(message); }

std::string shape_text(const std::vector<int64_t>& shape) {
  std::string s = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

Planes planes_of(const Tensor& t, bool channels_last, const std::string& what) {
  const auto& shape = t.shape();
  const auto& strides = t.byte_strides();
  const int image_axes = channels_last ? 3 : 2;
  const int n = int(shape.size());
  if (n < image_axes)
    bad(what + " must have at least " + std::to_string(image_axes) + " axes (" +
        (channels_last ? "..., H, W, C" : "..., H, W") + "); got shape " + shape_text(shape));
  Planes p;
  if (t.element_count() == 0) {  // nothing to compute (and producers give empty arrays any strides)
    p.count = 0;
    return p;
  }
  const int64_t item = int64_t(item_size(t.dtype()));
  const int h_axis = n - image_axes, w_axis = h_axis + 1;
  const int64_t h = shape[h_axis], w = shape[w_axis], c = channels_last ? shape[n - 1] : 1;
  if (h > INT_MAX || w > INT_MAX) bad(what + " is too large: shape " + shape_text(shape));
  if (channels_last && c != 1 && c != 3 && c != 4)
    bad(what + " has " + std::to_string(c) + " channels; channels_last images have 1, 3 (BGR) or 4 (BGRA)");
  // Pixels of a row must be contiguous (interleaved channels included); rows may be pitched.
  if (channels_last && c > 1 && strides[n - 1] != item)
    bad(what + ": channels must be contiguous (stride of the last axis must be one element)");
  if (w > 1 && strides[w_axis] != c * item)
    bad(what + ": rows must be contiguous (the W axis must have a stride of one " +
        (channels_last ? std::string("pixel") : std::string("element")) + "); got strides " + shape_text(strides) +
        " bytes — make the array contiguous first");
  p.width = int(w);
  p.height = int(h);
  p.channels = int(c);
  const int64_t row = w * c * item;
  p.pitch = std::size_t(h > 1 ? strides[h_axis] : row);
  if (h > 1 && strides[h_axis] < row)
    bad(what + ": rows overlap or run backwards (stride of the H axis " + std::to_string(strides[h_axis]) +
        " bytes < a row of " + std::to_string(row) + " bytes; a broadcast array?) — make the array contiguous first");
  // Leading axes collapse into planes when they have one stride pattern (e.g. any C-contiguous
  // prefix); size-1 axes do not count.
  int64_t expected = -1;
  for (int i = h_axis - 1; i >= 0; --i) {
    p.count *= shape[i];
    if (shape[i] == 1) continue;
    if (expected < 0) {
      if (strides[i] < 0) bad(what + ": negative strides are not supported");
      p.plane_stride = std::size_t(strides[i]);
    } else if (strides[i] != expected) {
      bad(what + ": the leading axes of shape " + shape_text(shape) + " with strides " + shape_text(strides) +
          " bytes cannot be read as planes with one stride — make the array contiguous first");
    }
    expected = strides[i] * shape[i];
  }
  if (p.count > INT_MAX) bad(what + " has too many planes");
  return p;
}

Planes written_planes_of(const Tensor& t, bool channels_last, const std::string& what) {
  const Planes p = planes_of(t, channels_last, what);
  const int64_t row = int64_t(p.width) * p.channels * int64_t(item_size(t.dtype()));
  const int64_t plane = int64_t(p.height - 1) * int64_t(p.pitch) + row;
  if (p.count > 1 && int64_t(p.plane_stride) < plane)
    bad(what + ": its planes overlap (planes " + std::to_string(p.plane_stride) + " bytes apart, each " +
        std::to_string(plane) + " bytes; a broadcast array?) — give an array with memory of its own");
  return p;
}

}  // namespace satpy
