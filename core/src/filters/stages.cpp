// The stages the filters share (see stages.h).
#include "filters/stages.h"

#include <cstring>

#include "filters/backend.h"
#include "filters/filter_validate.h"

namespace sat::filters {

ConstImage8 cpu_readable(EngineContext& engine, ConstImage8 src, const Image8& dst) {
  if (!overlaps(src, dst)) return src;
  const std::size_t row_bytes = std::size_t(src.width) * std::size_t(src.channels);
  auto* copy = static_cast<uint8_t*>(engine.scratch(1, row_bytes * std::size_t(src.height), kApplyCall));
  for (int y = 0; y < src.height; ++y)
    std::memcpy(copy + row_bytes * std::size_t(y), src.data + src.pitch * std::size_t(y), row_bytes);
  return {copy, row_bytes, src.width, src.height, src.channels};
}

ConstImage16 cpu_readable16(EngineContext& engine, ConstImage16 src, const Image16& dst) {
  if (!overlaps(src, ConstImage16(dst))) return src;
  const std::size_t row_bytes = std::size_t(src.width) * std::size_t(src.channels) * 2;
  auto* copy = static_cast<uint16_t*>(engine.scratch(1, row_bytes * std::size_t(src.height), kApplyCall));
  for (int y = 0; y < src.height; ++y)
    std::memcpy(reinterpret_cast<char*>(copy) + row_bytes * std::size_t(y), row_ptr(src.data, src.pitch, y), row_bytes);
  return {copy, row_bytes, src.width, src.height, src.channels};
}

GrayPlane gray_plane(EngineContext& engine, ConstImage8 src, const Image8& dst, cudaStream_t stream) {
  if (src.channels == 1) {
    if (engine.backend() == Backend::Cuda) return {src.data, src.pitch};
    const ConstImage8 gray = cpu_readable(engine, src, dst);
    return {gray.data, gray.pitch};
  }
  const auto pitch = std::size_t(src.width);
  auto* gray = static_cast<uint8_t*>(engine.scratch(1, pitch * std::size_t(src.height), kApplyCall));
  if (engine.backend() == Backend::Cuda)
    cuda_to_gray(src, gray, pitch, stream);
  else
    cpu_to_gray(src, gray, pitch, engine.cpu_threads());
  return {gray, pitch};
}

TablePlane table_of(EngineContext& engine, ElementType type, const void* input, std::size_t input_pitch, Extent e,
                    cudaStream_t stream) {
  const std::size_t pitch = std::size_t(e.width) * output_element_size(type);
  void* table = engine.scratch(0, pitch * std::size_t(e.height), kApplyCall);
  engine.build_tables(kApplyCall, Problem{type, e, input, input_pitch, table, pitch}, Batch{}, stream);
  return {table, pitch};
}

}  // namespace sat::filters
