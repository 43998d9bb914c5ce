// A small blocking queue for handing frame-buffer indices between threads. Unbounded: the
// number of buffers in circulation bounds it.
#pragma once

#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>

namespace satfilter {

template <typename T>
class WorkQueue {
 public:
  void push(T value) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (closed_) return;
      items_.push_back(std::move(value));
    }
    ready_.notify_one();
  }

  // The next item; nullopt once the queue is closed and drained, or aborted.
  std::optional<T> pop() {
    std::unique_lock<std::mutex> lock(mutex_);
    ready_.wait(lock, [&] { return !items_.empty() || closed_; });
    if (aborted_ || items_.empty()) return std::nullopt;
    T value = std::move(items_.front());
    items_.pop_front();
    return value;
  }

  // No more pushes; pop() drains what is queued, then returns nullopt.
  void close() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      closed_ = true;
    }
    ready_.notify_all();
  }

  // pop() returns nullopt at once, queued items are dropped.
  void abort() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      closed_ = aborted_ = true;
      items_.clear();
    }
    ready_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<T> items_;
  bool closed_ = false;
  bool aborted_ = false;
};

}  // namespace satfilter
