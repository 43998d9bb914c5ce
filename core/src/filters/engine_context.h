// What one filter's implementation may use of the FilterEngine that runs it: the backend, the
// engine's tables and scratch buffers, satcore on the engine's workspace, and the stage timer.
// Each filter is one `run` overload (below), in its folder; FilterEngine::apply validates
// the spec (sat/filter_spec.h) and visits it onto these.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>

#include "filters/filter_folders.h"
#include "sat/filter_params.h"
#include "sat/filters.h"
#include "sat/sat.h"

namespace sat::filters {

class EngineContext {
 public:
  virtual ~EngineContext() = default;

  virtual Backend backend() const = 0;
  virtual Extent max_extent() const = 0;
  virtual int cpu_threads() const = 0;  // CPU backend: 0 = automatic (cpu_rows.h)

  // Scratch buffer `slot` (0 … kScratchSlots − 1) of at least `bytes`: device memory on the CUDA
  // backend, host memory on the CPU backend. Allocated the first time a size is asked for, then
  // kept (a larger request re-allocates that slot; its old contents are lost). Slot 0 is the
  // engine's table buffer (16 bytes per pixel of max_extent, allocated at construction), slot 1
  // its staging buffer (4 bytes per pixel). `call` names the caller in an out-of-memory error.
  static constexpr int kScratchSlots = 8;
  virtual void* scratch(int slot, std::size_t bytes, const char* call) = 0;

  // CUDA backend: the summed-area table(s) of `problem` (and `batch`) with the engine's algorithm
  // options and workspace, enqueued on `stream`.
  virtual void build_tables(const char* call, const Problem& problem, const Batch& batch, cudaStream_t stream) = 0;

  // Stage timing (StageTimes): begin() before the first stage; mark(1) after convert, mark(2)
  // after the tables, mark(3) after the filter pass. No-ops unless timing is on.
  virtual void begin(cudaStream_t stream) = 0;
  virtual void mark(int stage, cudaStream_t stream) = 0;
};

// One per filter of FilterSpec, in its folder (filters/NAME/run.cpp), declared here for every
// folder. Called after validate(spec) and after check_images() with the filter's output channels;
// each checks its own aliasing rule (filter_validate.h) and, on CUDA, that the images are device
// memory.
#define SATCORE_DECLARE_RUN(Params) \
  void run(EngineContext& engine, const Params& params, ConstImage8 src, Image8 dst, cudaStream_t stream);
SATCORE_FOR_EACH_FILTER(SATCORE_DECLARE_RUN)
#undef SATCORE_DECLARE_RUN

}  // namespace sat::filters
