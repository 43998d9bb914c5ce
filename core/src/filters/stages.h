// The stages a filter's run composes on the engine (engine_context.h), shared by the filters:
// src as a CPU pass may read it while writing dst, the gray plane of src, and the gray-plane
// filters' three stages (gray, table, pass) with their timing marks, and the whole run of the
// gray-window filters. Scratch slot 1 (the
// engine's staging buffer, 4 bytes per pixel of its max extent) holds the copies and the gray
// plane; slot 0 (its table buffer) the table.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "filters/engine_context.h"
#include "filters/filter_validate.h"
#include "sat/filters.h"

namespace sat::filters {

// The name errors of FilterEngine::apply and of every filter's run carry.
inline constexpr const char* kApplyCall = "sat::FilterEngine::apply";

// CPU backend: src itself, or, where dst overlaps it (in place), a copy of it in scratch slot 1:
// the running sums read rows above and below the one they write.
ConstImage8 cpu_readable(EngineContext& engine, ConstImage8 src, const Image8& dst);
ConstImage16 cpu_readable16(EngineContext& engine, ConstImage16 src, const Image16& dst);  // the same, 16-bit

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
void gray_table_stages(EngineContext& engine, ConstImage8 src, const Image8& dst, ElementType type, cudaStream_t stream,
                       Pass&& pass) {
  engine.begin(stream);
  const GrayPlane gray = gray_plane(engine, src, dst, stream);
  engine.mark(1, stream);
  TablePlane table;
  if (engine.backend() == Backend::Cuda)
    table = table_of(engine, type, gray.data, gray.pitch, {src.width, src.height}, stream);
  engine.mark(2, stream);
  pass(gray, table);
  engine.mark(3, stream);
}

// The CPU backend's pass of a filter that builds no table apart (running sums over the image, or
// tables in bands of rows built as the pass goes): what ran since begin() is the convert stage
// (e.g. cpu_readable's copy), the table stage is empty, pass() is the filter stage.
template <class Pass>
void cpu_pass_stage(EngineContext& engine, cudaStream_t stream, Pass&& pass) {
  engine.mark(1, stream);
  engine.mark(2, stream);
  pass();
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

// The whole run of a filter whose pass reads the gray plane through a window × window box
// (gray_window_job.h): the images' checks (check_gray_pass_images), the shared fields of `job`
// (its own fields set by the caller), then gray_table_stages with the table its element type
// needs and the pass on the engine's backend.
template <class Job>
void run_gray_window(EngineContext& engine, ConstImage8 src, const Image8& dst, int window, Job job,
                     void (*cuda)(const Job&, cudaStream_t), void (*cpu)(const Job&, int), cudaStream_t stream) {
  using Table = typename Job::Table;
  static_assert(std::is_same_v<Table, uint32_t> || std::is_same_v<Table, SumSq>, "a u32 or {Σx, Σx²} table");
  constexpr ElementType type = std::is_same_v<Table, SumSq> ? ElementType::U8ToSumSq : ElementType::U8ToU32;
  check_gray_pass_images(engine, src, dst);
  job.dst = dst.data;
  job.dst_pitch = dst.pitch;
  job.width = src.width;
  job.height = src.height;
  job.window = window;
  job.anchor = window / 2;
  gray_table_stages(engine, src, dst, type, stream, [&](GrayPlane gray, TablePlane table) {
    job.gray = gray.data;
    job.gray_pitch = gray.pitch;
    job.table = static_cast<const Table*>(table.data);
    job.table_pitch = table.pitch;
    run_pass(engine, cuda, cpu, job, stream);
  });
}

}  // namespace sat::filters
