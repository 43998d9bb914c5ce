#include "cpu/thread_pool.h"

#include <chrono>
#include <system_error>
#include <utility>

#include "cpu/parallel_bands.h"

namespace sat::detail {
namespace {

// Set on a pool's worker threads and on a thread while it runs tasks of a call: a call made from
// inside a task runs inline.
thread_local bool inside_pool_task = false;

}  // namespace

ThreadPool& ThreadPool::shared() {
  static ThreadPool pool(hardware_threads() - 1);
  return pool;
}

ThreadPool::ThreadPool(int workers) {
  threads_.reserve(std::size_t(workers > 0 ? workers : 0));
  try {
    for (int i = 0; i < workers; ++i) threads_.emplace_back([this] { work(); });
  } catch (const std::system_error&) {
    // No more threads: the pool works with those it has (none: the caller runs everything).
  }
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  for (std::thread& t : threads_) t.join();
}

void ThreadPool::drain(const std::function<void(int)>& task, int count) {
  for (int k = next_.fetch_add(1); k < count; k = next_.fetch_add(1)) {
    try {
      task(k);
    } catch (...) {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!error_) error_ = std::current_exception();
    }
  }
}

// Waits up to `spin` for done() to hold, without sleeping: a thread that blocks on a condition
// variable must then wait for the scheduler to run it again (milliseconds on a busy machine),
// which is longer than a call's work. Yields its core while it waits.
template <class Done>
bool spin_until(Done&& done, std::chrono::microseconds spin) {
  const auto until = std::chrono::steady_clock::now() + spin;
  for (int i = 0; !done(); ++i) {
    if (i % 64 == 63) {
      if (std::chrono::steady_clock::now() > until) return false;
      std::this_thread::yield();
    }
  }
  return true;
}

// How long a worker waits for the next call before it sleeps, and a caller for the workers.
constexpr std::chrono::microseconds kWorkerSpin{200}, kCallerSpin{100};

void ThreadPool::work() {
  inside_pool_task = true;
  uint64_t seen = 0;
  for (;;) {
    spin_until([&] { return stop_.load() || generation_.load() != seen; }, kWorkerSpin);
    std::unique_lock<std::mutex> lock(mutex_);
    wake_.wait(lock, [&] { return stop_.load() || generation_.load() != seen; });
    if (stop_) return;
    seen = generation_;
    const std::function<void(int)>* task = task_;
    const int count = count_;
    ++active_;
    lock.unlock();
    if (task) drain(*task, count);
    lock.lock();
    if (--active_ == 0) idle_.notify_one();
  }
}

void ThreadPool::run(int count, const std::function<void(int)>& task) {
  if (count <= 0) return;
  std::unique_lock<std::mutex> call(call_, std::defer_lock);
  if (count == 1 || threads_.empty() || inside_pool_task || !call.try_lock()) {
    for (int k = 0; k < count; ++k) task(k);
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    task_ = &task;
    count_ = count;
    next_.store(0);
    error_ = nullptr;
    ++generation_;
  }
  wake_.notify_all();
  inside_pool_task = true;
  drain(task, count);
  inside_pool_task = false;
  std::exception_ptr error;
  spin_until([&] { return active_.load() == 0; }, kCallerSpin);
  {
    std::unique_lock<std::mutex> lock(mutex_);
    // Every index is taken (drain returned); the workers that took one are still counted active.
    idle_.wait(lock, [&] { return active_.load() == 0; });
    task_ = nullptr;  // a worker waking late finds no task
    count_ = 0;
    error = std::exchange(error_, nullptr);
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace sat::detail
