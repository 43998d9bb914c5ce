// Tables for the filters whose box changes from pixel to pixel (variable-radius blur, Kuwahara):
// they need a summed-area table on both backends (running sums serve one fixed box only), built
// into the engine's scratch slots — by satcore on the GPU, by satcore's CPU table on the CPU.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>

#include "filters/engine_context.h"

namespace sat::filters {

// What a table is computed from.
struct TableInput {
  ElementType type = ElementType::U8ToU32;
  const void* data = nullptr;
  std::size_t pitch = 0;
};

// A built table: scratch memory of the engine's backend, rows `pitch` bytes apart.
struct TableBuffer {
  const void* data = nullptr;
  std::size_t pitch = 0;
};

// The input of src's table: gray src itself (u8 → u32); a colour src as 4-byte pixels for the
// u8x4 → u32x4 table (all channels in one table) — src itself where it has 4 channels and 4-byte
// aligned rows, else converted into scratch slot `stage_slot` (BGR gets a zero 4th byte).
TableInput channel_table_input(EngineContext& engine, ConstImage8 src, int stage_slot, const char* call,
                               cudaStream_t stream);

// The table of `in` (extent e) into scratch slot `slot`, rows packed, by the engine's build_tables:
// enqueued on `stream` (CUDA) or computed before returning (CPU).
TableBuffer build_table(EngineContext& engine, const TableInput& in, Extent e, int slot, const char* call,
                        cudaStream_t stream);

}  // namespace sat::filters
