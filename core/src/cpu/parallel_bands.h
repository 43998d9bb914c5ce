// Contiguous parts ("bands") of a range run on their own threads (the CPU paths): the rows of an
// image, the planes of a batch.
#pragma once

#include <algorithm>
#include <cstdint>
#include <exception>
#include <system_error>
#include <thread>
#include <vector>

#if defined(__linux__)
#include <sched.h>
#endif

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

// body(band, begin, end) for `bands` contiguous, nearly equal parts of [0, count), band 0 on the
// calling thread. An exception thrown by any band is rethrown here once every thread has joined;
// if no more threads can be started, the calling thread runs the remaining bands itself.
template <class Body>
void parallel_bands(int count, int bands, Body&& body) {
  bands = std::max(1, std::min(bands, count));
  auto begin = [&](int k) { return int(int64_t(count) * k / bands); };
  if (bands == 1) {
    body(0, 0, count);
    return;
  }
  std::vector<std::exception_ptr> errors(static_cast<std::size_t>(bands));
  auto run = [&](int k) {
    try {
      body(k, begin(k), begin(k + 1));
    } catch (...) {
      errors[std::size_t(k)] = std::current_exception();
    }
  };
  std::vector<std::thread> pool;
  pool.reserve(std::size_t(bands - 1));
  try {
    for (int k = 1; k < bands; ++k) pool.emplace_back(run, k);
  } catch (const std::system_error&) {
  }
  for (int k = 1 + int(pool.size()); k < bands; ++k) run(k);
  run(0);
  for (auto& t : pool) t.join();
  for (const std::exception_ptr& e : errors)
    if (e) std::rethrow_exception(e);
}

}  // namespace sat::detail
