// sat::cpu_parallel_batch: every plane of a batch through cpu_parallel. All planes are checked
// before the first one is computed, so a bad plane stride never leaves half a batch written.
#include "detail/validate.h"
#include "sat/sat.h"

namespace sat {

void cpu_parallel_batch(const Problem& first, const Batch& batch, int threads) {
  constexpr const char* call = "sat::cpu_parallel_batch";
  detail::check_call(call, first, batch, Options{});
  for (int k = 0; k < batch.planes; ++k) cpu_parallel(batch_plane(first, batch, k), threads);
}

}  // namespace sat
