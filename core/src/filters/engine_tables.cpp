// Tables in the engine's scratch slots on either backend (engine_tables.h).
#include "filters/engine_tables.h"

#include <cstdint>

#include "filters/backend.h"

namespace sat::filters {

TableInput channel_table_input(EngineContext& engine, ConstImage8 src, int stage_slot, const char* call,
                               cudaStream_t stream) {
  if (src.channels == 1) return {ElementType::U8ToU32, src.data, src.pitch};
  const bool aligned = reinterpret_cast<std::uintptr_t>(src.data) % 4 == 0 && src.pitch % 4 == 0;
  if (src.channels == 4 && aligned) return {ElementType::U8x4ToU32x4, src.data, src.pitch};
  const std::size_t pitch = std::size_t(src.width) * sizeof(u8x4);
  auto* staged = static_cast<u8x4*>(engine.scratch(stage_slot, pitch * std::size_t(src.height), call));
  if (engine.backend() == Backend::Cuda)
    cuda_to_bgrx(src, staged, pitch, stream);
  else
    cpu_to_bgrx(src, staged, pitch, engine.cpu_threads());
  return {ElementType::U8x4ToU32x4, staged, pitch};
}

TableBuffer build_table(EngineContext& engine, const TableInput& in, Extent e, int slot, const char* call,
                        cudaStream_t stream) {
  const std::size_t pitch = std::size_t(e.width) * output_element_size(in.type);
  void* table = engine.scratch(slot, pitch * std::size_t(e.height), call);
  engine.build_tables(call, Problem{in.type, e, in.data, in.pitch, table, pitch}, Batch{}, stream);
  return {table, pitch};
}

}  // namespace sat::filters
