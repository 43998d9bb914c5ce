#include "scenes/shadows/moment_table.h"

#include <cassert>
#include <cstring>

namespace satlab::shadows {

sat::ElementType table_type(MomentPrecision precision) {
  return precision == MomentPrecision::Fixed32 ? sat::ElementType::U32x2ToU32x2 : sat::ElementType::F32x2ToF32x2;
}

void encode_moments_cpu(const sat::f32x2* moments, int size, MomentPrecision precision, std::vector<uint8_t>& input) {
  const std::size_t count = std::size_t(size) * size;
  input.resize(count * kTableTexelBytes);
  if (precision == MomentPrecision::Fixed32) {
    auto* out = reinterpret_cast<sat::u32x2*>(input.data());
    for (std::size_t i = 0; i < count; ++i) out[i] = encode_fixed(moments[i].x, moments[i].y, kFixedScale);
  } else {
    const bool centered = precision == MomentPrecision::Float32Centered;
    auto* out = reinterpret_cast<sat::f32x2*>(input.data());
    for (std::size_t i = 0; i < count; ++i) out[i] = encode_float(moments[i].x, moments[i].y, centered);
  }
}

void build_moment_table_cpu(const sat::f32x2* moments, int size, MomentPrecision precision,
                            std::vector<uint8_t>& scratch, std::vector<uint8_t>& table) {
  encode_moments_cpu(moments, size, precision, scratch);
  table.resize(std::size_t(size) * size * kTableTexelBytes);
  const std::size_t pitch = std::size_t(size) * kTableTexelBytes;
  sat::cpu_parallel({table_type(precision), {size, size}, scratch.data(), pitch, table.data(), pitch});
}

namespace {

template <class T>
T tap(const void* table, std::size_t pitch, int x, int y) {
  if (x < 0 || y < 0) return T{};  // left of or above the table: the empty sum
  T value;
  std::memcpy(&value, static_cast<const uint8_t*>(table) + std::size_t(y) * pitch + std::size_t(x) * sizeof(T),
              sizeof(T));
  return value;
}

template <class T>
T box_sum(const void* table, std::size_t pitch, int x0, int y0, int x1, int y1) {
  // In T's own arithmetic: uint32 wraps around and still gives the exact box sum.
  return tap<T>(table, pitch, x1, y1) - tap<T>(table, pitch, x0 - 1, y1) - tap<T>(table, pitch, x1, y0 - 1) +
         tap<T>(table, pitch, x0 - 1, y0 - 1);
}

}  // namespace

BoxMoments query_box(const void* table, std::size_t pitch, MomentPrecision precision, int x0, int y0, int x1, int y1) {
  const double area = double(x1 - x0 + 1) * double(y1 - y0 + 1);
  // kFixedScale keeps box sums exact up to kMaxBoxTexels² texels (the shader never asks for more).
  assert(precision != MomentPrecision::Fixed32 || area <= double(kMaxBoxTexels) * kMaxBoxTexels);
  if (precision == MomentPrecision::Fixed32)
    return decode_fixed(box_sum<sat::u32x2>(table, pitch, x0, y0, x1, y1), area, kFixedScale);
  return decode_float(box_sum<sat::f32x2>(table, pitch, x0, y0, x1, y1), area,
                      precision == MomentPrecision::Float32Centered);
}

}  // namespace satlab::shadows
