// The CPU backend's resident worker threads: started once, on first use, one fewer than the
// cores this process may run on (the caller is the last one), and reused by every call.
// Starting threads per call cost tens of µs each (far more on a busy machine), more than a
// 1080p table takes on one core.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace sat::detail {

class ThreadPool {
 public:
  // The process's pool: hardware_threads() − 1 workers, started on the first call.
  static ThreadPool& shared();

  explicit ThreadPool(int workers);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  int workers() const { return int(threads_.size()); }

  // task(k) for every k in [0, count), over the workers and the calling thread; returns when all
  // have returned, then rethrows the first exception any of them threw. Called from inside a
  // task (nested), or while another thread's call holds the pool, it runs every k on the calling
  // thread instead: never a deadlock, never a second set of threads.
  void run(int count, const std::function<void(int)>& task);

 private:
  void work();
  // Takes and runs indices of the current job until none is left.
  void drain(const std::function<void(int)>& task, int count);

  std::vector<std::thread> threads_;
  std::mutex call_;  // one call at a time uses the workers

  std::mutex mutex_;  // guards everything below (the atomics are written under it, read anywhere)
  std::condition_variable wake_, idle_;
  const std::function<void(int)>* task_ = nullptr;
  int count_ = 0;
  std::atomic<uint64_t> generation_{0};  // one per call: a worker joins each call once
  std::atomic_int active_{0};            // workers inside the current call
  std::atomic_bool stop_{false};
  std::exception_ptr error_;
  std::atomic_int next_{0};  // the next index to take
};

}  // namespace sat::detail
