// The CPU backend's resident thread pool: every index runs exactly once, over many small calls;
// exceptions reach the caller; calls from inside a task and from several threads at once finish
// (inline) instead of deadlocking; the pool's threads are reused, not started per call.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include "cpu/parallel_bands.h"
#include "cpu/thread_pool.h"

namespace sat::detail {
namespace {

TEST(ThreadPool, EveryIndexOnceOverManySmallCalls) {
  ThreadPool pool(3);
  for (int call = 0; call < 2000; ++call) {
    const int count = 1 + call % 9;
    std::vector<std::atomic_int> hits(static_cast<std::size_t>(count));
    pool.run(count, [&](int k) { hits[std::size_t(k)].fetch_add(1); });
    for (int k = 0; k < count; ++k) ASSERT_EQ(hits[std::size_t(k)].load(), 1) << "call " << call << " index " << k;
  }
}

TEST(ThreadPool, NoWorkersRunsOnTheCaller) {
  ThreadPool pool(0);
  std::vector<int> order;
  pool.run(5, [&](int k) { order.push_back(k); });
  EXPECT_EQ(order, (std::vector<int>{0, 1, 2, 3, 4}));
}

TEST(ThreadPool, ExceptionReachesTheCallerAfterEveryOtherIndexRan) {
  ThreadPool pool(2);
  std::atomic_int ran{0};
  EXPECT_THROW(pool.run(16,
                        [&](int k) {
                          if (k == 5) throw std::runtime_error("band 5");
                          ran.fetch_add(1);
                        }),
               std::runtime_error);
  EXPECT_EQ(ran.load(), 15);
  // The pool still works after a failed call.
  std::atomic_int after{0};
  pool.run(8, [&](int) { after.fetch_add(1); });
  EXPECT_EQ(after.load(), 8);
}

TEST(ThreadPool, NestedCallsRunInline) {
  ThreadPool& pool = ThreadPool::shared();
  std::atomic_int inner{0};
  pool.run(4, [&](int) { pool.run(6, [&](int) { inner.fetch_add(1); }); });
  EXPECT_EQ(inner.load(), 24);
}

TEST(ThreadPool, CallsFromSeveralThreadsAtOnce) {
  std::atomic_long total{0};
  std::vector<std::thread> callers;
  for (int t = 0; t < 4; ++t)
    callers.emplace_back([&] {
      for (int call = 0; call < 300; ++call) parallel_bands(100, 4, [&](int, int b, int e) { total.fetch_add(e - b); });
    });
  for (std::thread& t : callers) t.join();
  EXPECT_EQ(total.load(), 4L * 300 * 100);
}

TEST(ThreadPool, ThreadsAreReusedAcrossCalls) {
  ThreadPool pool(2);
  std::mutex m;
  std::set<std::thread::id> ids;
  for (int call = 0; call < 200; ++call)
    pool.run(3, [&](int) {
      std::this_thread::sleep_for(std::chrono::microseconds(50));
      std::lock_guard<std::mutex> lock(m);
      ids.insert(std::this_thread::get_id());
    });
  // The caller and at most the pool's two workers: never a thread per call.
  EXPECT_LE(ids.size(), 3u);
  EXPECT_GE(ids.size(), 1u);
}

TEST(ParallelBands, BandsCoverTheRangeOnce) {
  for (int count : {1, 2, 7, 100, 1001})
    for (int bands : {1, 2, 3, 16, 1000}) {
      std::vector<std::atomic_int> hits(static_cast<std::size_t>(count));
      parallel_bands(count, bands, [&](int, int b, int e) {
        for (int i = b; i < e; ++i) hits[std::size_t(i)].fetch_add(1);
      });
      for (int i = 0; i < count; ++i) ASSERT_EQ(hits[std::size_t(i)].load(), 1) << count << " " << bands << " " << i;
    }
}

}  // namespace
}  // namespace sat::detail
