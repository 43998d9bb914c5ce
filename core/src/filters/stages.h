// The stages a filter's run composes on the engine (engine_context.h), shared by the filters:
// src as a CPU pass may read it while writing dst, the gray plane of src, and the gray-plane
// filters' three stages (gray, table, pass) with their timing marks. Scratch slot 1 (the
// engine's staging buffer, 4 bytes per pixel of its max extent) holds the copies and the gray
// plane; slot 0 (its table buffer) the table.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "filters/engine_context.h"
#include "sat/filters.h"

namespace sat::filters {

// The name errors of FilterEngine::apply and of every filter's run carry.
inline constexpr const char* kApplyCall = "sat::FilterEngine::apply";

// CPU backend: src itself, or, where dst overlaps it (in place), a copy of it in scratch slot 1:
// the running sums read rows above and below the one they write.
ConstImage8 cpu_readable(EngineContext& engine, ConstImage8 src, const Image8& dst);

// A gray plane of src's size: pitch in bytes.
struct GrayPlane {
  const uint8_t* data = nullptr;
  std::size_t pitch = 0;
};

// The gray image a gray-plane filter reads: 1-channel src itself (CPU: cpu_readable), or src
// converted with OpenCV's BGR→gray weights into scratch slot 1 (enqueued on `stream` on CUDA).
GrayPlane gray_plane(EngineContext& engine, ConstImage8 src, const Image8& dst, cudaStream_t stream);

// The table of `type` (one plane) of `input` (extent e) into scratch slot 0; its row pitch is
// e.width · output_element_size(type). CUDA backend only: enqueued on `stream`.
struct TablePlane {
  const void* data = nullptr;
  std::size_t pitch = 0;
};
TablePlane table_of(EngineContext& engine, ElementType type, const void* input, std::size_t input_pitch, Extent e,
                     cudaStream_t stream);

// The stages of a filter on the gray plane of src with a table of `type`: the gray plane (stage
// 1), its table (stage 2; CUDA only, the CPU backend sums the gray plane itself), then
// pass(gray, table) writes dst (stage 3; table is empty on the CPU).
template <class Pass>
void gray_table_stages(EngineContext& engine, ConstImage8 src, const Image8& dst, ElementType type,
                       cudaStream_t stream, Pass&& pass) {
  engine.begin(stream);
  const GrayPlane gray = gray_plane(engine, src, dst, stream);
  engine.mark(1, stream);
  TablePlane table;
  if (engine.backend() == Backend::Cuda) table = table_of(engine, type, gray.data, gray.pitch, {src.width, src.height}, stream);
  engine.mark(2, stream);
  pass(gray, table);
  engine.mark(3, stream);
}

// One pass on the engine's backend: cuda(job, stream), or cpu(job, the engine's CPU threads).
template <class Job>
void run_pass(EngineContext& engine, void (*cuda)(const Job&, cudaStream_t), void (*cpu)(const Job&, int),
              const Job& job, cudaStream_t stream) {
  if (engine.backend() == Backend::Cuda)
    cuda(job, stream);
  else
    cpu(job, engine.cpu_threads());
}

}  // namespace sat::filters
