// sat::cpu_parallel_batch: every plane of a batch on the CPU. All planes are checked before the
// first one is computed, so a bad plane stride never leaves half a batch written.
//
// Many small planes go to the threads whole (each plane on one thread: no carry pass); planes large enough for
// cpu_parallel's bands go one after another, each over all threads.
#include <algorithm>

#include "cpu/parallel_bands.h"
#include "dispatch/validate.h"
#include "sat/sat.h"

namespace sat {
namespace {

// Planes below this many elements gain nothing from cpu_parallel's bands (as in cpu_parallel.cpp).
constexpr int64_t kBandedPlaneMinElements = int64_t(1) << 18;

}  // namespace

void cpu_parallel_batch(const Problem& first, const Batch& batch, int threads) {
  constexpr const char* call = "sat::cpu_parallel_batch";
  detail::check_call(call, first, batch, Options{});
  if (threads < 0)
    throw Error(ErrorCode::InvalidArgument, call, "threads must be >= 0 (got " + std::to_string(threads) + ")");
  const int64_t plane = int64_t(first.extent.width) * first.extent.height;
  const int workers = threads > 0 ? threads : detail::hardware_threads();
  // Whole planes per thread when there are enough of them, or when each is too small to band;
  // automatic (threads = 0): only if the batch as a whole is worth more than one thread.
  const bool worth_threads = threads > 0 || plane * batch.planes >= kBandedPlaneMinElements;
  const bool by_planes =
      worth_threads && batch.planes > 1 && workers > 1 && (batch.planes >= workers || plane < kBandedPlaneMinElements);
  if (by_planes) {
    // Automatic: one band per plane, taken by the pool's threads as they come free; each plane
    // on one thread (cpu_parallel's one-thread path: SIMD rows for u8 → u32).
    detail::parallel_bands(batch.planes, threads > 0 ? workers : batch.planes, [&](int, int k0, int k1) {
      for (int k = k0; k < k1; ++k) cpu_parallel(batch_plane(first, batch, k), 1);
    });
    return;
  }
  for (int k = 0; k < batch.planes; ++k) cpu_parallel(batch_plane(first, batch, k), threads);
}

}  // namespace sat
