// Contiguous parts ("bands") of a range run over the CPU's cores (the CPU paths): the rows of an
// image, the planes of a batch.
#pragma once

#include <algorithm>
#include <cstdint>
#include <thread>

#if defined(__linux__)
#include <sched.h>
#endif

#include "cpu/thread_pool.h"

namespace sat::detail {

// The cores this process may run on: its CPU affinity where the system tells it (taskset, a
// container's cpuset), else std::thread::hardware_concurrency().
inline int hardware_threads() {
#if defined(__linux__)
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0) return std::max(1, CPU_COUNT(&set));
#endif
  return int(std::max(1u, std::thread::hardware_concurrency()));
}

// body(band, begin, end) for `bands` contiguous, nearly equal parts of [0, count), over the
// resident pool's threads and the calling thread (thread_pool.h). An exception thrown by any
// band is rethrown here once every band has returned.
template <class Body>
void parallel_bands(int count, int bands, Body&& body) {
  bands = std::max(1, std::min(bands, count));
  auto begin = [&](int k) { return int(int64_t(count) * k / bands); };
  if (bands == 1) {
    body(0, 0, count);
    return;
  }
  ThreadPool::shared().run(bands, [&](int k) { body(k, begin(k), begin(k + 1)); });
}

}  // namespace sat::detail
