#include "batch_layout.h"

#include <cstring>

namespace sat::test {

std::size_t BatchLayout::in_bytes() const {
  return in_stride * std::size_t(planes - 1) + plane_bytes(extent, in_pitch, input_element_size(type));
}

std::size_t BatchLayout::out_bytes() const {
  return out_stride * std::size_t(planes - 1) + plane_bytes(extent, out_pitch, output_element_size(type));
}

BatchLayout make_batch_layout(ElementType type, Extent extent, int planes, int input_rows) {
  BatchLayout l;
  l.type = type;
  l.extent = extent;
  l.planes = planes;
  const std::size_t ia = input_alignment(type), oa = output_alignment(type);
  l.in_pitch = std::size_t(extent.width) * input_element_size(type) + 3 * ia;
  l.out_pitch = std::size_t(extent.width) * output_element_size(type) + 5 * oa;
  l.in_stride = plane_bytes(extent, l.in_pitch, input_element_size(type)) + 7 * ia;
  l.out_stride = plane_bytes(extent, l.out_pitch, output_element_size(type)) + 2 * oa;
  if (input_rows != 0) {
    const auto past16 = [&](std::size_t bytes) { return (bytes + 16) / 16 * 16 + std::size_t(input_rows % 16); };
    l.in_pitch = past16(std::size_t(extent.width) * input_element_size(type));
    l.in_stride = past16(plane_bytes(extent, l.in_pitch, input_element_size(type)));
    l.out_pitch = past16(std::size_t(extent.width) * output_element_size(type)) - std::size_t(input_rows % 16);
    l.out_stride = past16(plane_bytes(extent, l.out_pitch, output_element_size(type))) - std::size_t(input_rows % 16);
  }
  return l;
}

HostBatch random_batch(ElementType type, Extent extent, int planes, std::uint64_t seed, int input_rows) {
  HostBatch b;
  b.layout = make_batch_layout(type, extent, planes, input_rows);
  b.input.assign(b.layout.in_bytes(), 0xFF);
  for (int k = 0; k < planes; ++k) {
    b.images.push_back(random_input(type, extent, mix_seed(seed, std::uint64_t(k))));
    const std::vector<unsigned char> plane = to_pitched(b.images.back(), b.layout.in_pitch);
    std::memcpy(b.input.data() + std::size_t(k) * b.layout.in_stride, plane.data(), plane.size());
  }
  return b;
}

std::string check_batch_output(const HostBatch& b, const unsigned char* output, int depth) {
  const BatchLayout& l = b.layout;
  const std::size_t row = std::size_t(l.extent.width) * output_element_size(l.type);
  const std::size_t plane = plane_bytes(l.extent, l.out_pitch, output_element_size(l.type));
  for (int k = 0; k < l.planes; ++k) {
    const unsigned char* out = output + std::size_t(k) * l.out_stride;
    const Comparison c = compare_output(reference_sat(b.images[std::size_t(k)]), out, l.out_pitch, depth);
    if (!c.ok) return "plane " + std::to_string(k) + ": " + c.message;
    const std::string pad = check_padding(out, plane, 0, l.out_pitch, row, l.extent.height, kBatchOutputPoison);
    if (!pad.empty()) return "plane " + std::to_string(k) + " padding: " + pad;
    if (k + 1 < l.planes)
      for (std::size_t i = plane; i < l.out_stride; ++i)
        if (out[i] != kBatchOutputPoison)
          return "gap after plane " + std::to_string(k) + " written at byte " + std::to_string(i - plane);
  }
  return {};
}

}  // namespace sat::test
