// Concurrent calls: two streams with a workspace each (launched back to back from one thread, and
// from two host threads) give the same tables as alone. And a call rejected by validation
// launches nothing: its output stays poisoned and no CUDA error is left behind.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "cuda_test_support.h"
#include "sat/sat.h"
#include "sat_expect.h"
#include "sat_gpu_harness.h"
#include "sat_test_util.h"

namespace sat {
namespace {

using test::Layout;

class Stream {
 public:
  Stream() { test::cuda_check(cudaStreamCreateWithFlags(&s_, cudaStreamNonBlocking), "cudaStreamCreate"); }
  ~Stream() { cudaStreamDestroy(s_); }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  cudaStream_t get() const { return s_; }

 private:
  cudaStream_t s_ = nullptr;
};

struct Job {
  ElementType type;
  Extent extent;  // width × height
  Layout layout;
};

struct PreparedJob {
  std::shared_ptr<const test::CachedInput> input;
  std::unique_ptr<test::DeviceProblem> dp;
};

PreparedJob prepare(const Job& j) {
  PreparedJob p;
  p.input = test::cached_input(j.type, j.extent, test::Fill::Signed, false);
  p.dp = std::make_unique<test::DeviceProblem>(p.input->image, j.layout);
  return p;
}

// A workspace large enough for every job given.
test::DeviceBuffer workspace_for(const std::vector<Job>& jobs, const Options& opt) {
  std::size_t bytes = 0;
  for (const Job& j : jobs) bytes = std::max(bytes, workspace_size(j.type, j.extent, opt));
  test::DeviceBuffer ws(bytes);
  if (bytes > 0) {
    test::cuda_check(cudaMemset(ws.get(), 0x3C, bytes), "fill workspace");
    test::cuda_check(cudaDeviceSynchronize(), "fill workspace");
  }
  return ws;
}

std::string job_name(const Job& j) {
  return std::string(to_string(j.type)) + " " + std::to_string(j.extent.height) + "x" + std::to_string(j.extent.width) +
         " " + test::layout_name(j.layout);
}

class GpuConcurrency : public ::testing::TestWithParam<Algorithm> {
 protected:
  Options options() const {
    Options o;
    o.algorithm = GetParam();
    return o;
  }
};

// Stream A: jobs 0 and 2; stream B: jobs 1 and 3; launched interleaved without waiting, so the
// kernels of both streams can overlap (and each stream reuses its workspace in order).
TEST_P(GpuConcurrency, TwoStreamsTwoWorkspaces) {
  SAT_REQUIRE_GPU();
  const Options opt = options();
  const std::vector<Job> jobs = {
      {ElementType::F32ToF32, {1920, 1080}, Layout::Pitched},
      {ElementType::U8ToU32, {1920, 1080}, Layout::Packed},
      {ElementType::U8ToU32, {1234, 4321}, Layout::Pitched},
      {ElementType::F32ToF32, {997, 1009}, Layout::Offset},
  };
  std::vector<PreparedJob> prepared;
  for (const Job& j : jobs) prepared.push_back(prepare(j));
  const test::DeviceBuffer ws_a = workspace_for({jobs[0], jobs[2]}, opt);
  const test::DeviceBuffer ws_b = workspace_for({jobs[1], jobs[3]}, opt);
  Stream a, b;
  for (std::size_t k = 0; k < jobs.size(); ++k) {
    const bool on_a = k % 2 == 0;
    const test::DeviceBuffer& ws = on_a ? ws_a : ws_b;
    ASSERT_NO_THROW(compute(prepared[k].dp->problem(), opt, ws.get(), ws.size(), on_a ? a.get() : b.get()))
        << job_name(jobs[k]);
  }
  ASSERT_NO_THROW(test::sync_stream(a.get(), "stream A"));
  ASSERT_NO_THROW(test::sync_stream(b.get(), "stream B"));
  for (std::size_t k = 0; k < jobs.size(); ++k) {
    SCOPED_TRACE(test::describe(opt, jobs[k].type, jobs[k].extent, jobs[k].layout) + " on stream " +
                 (k % 2 == 0 ? "A" : "B") + ", seed " + std::to_string(prepared[k].input->seed));
    EXPECT_TRUE(test::output_matches(prepared[k].input->reference, *prepared[k].dp, prepared[k].dp->download_output()));
  }
}

// Two host threads, each with its own stream and workspace, each running two problems three
// times. The integer job is repeated identically in both threads.
TEST_P(GpuConcurrency, TwoHostThreads) {
  SAT_REQUIRE_GPU();
  const Options opt = options();
  const std::vector<std::vector<Job>> per_thread = {
      {{ElementType::U8ToU32, {1001, 999}, Layout::Packed}, {ElementType::F32x2ToF32x2, {700, 513}, Layout::Pitched}},
      {{ElementType::U8ToU32, {1001, 999}, Layout::Pitch512},
       {ElementType::U8ToU64Squares, {640, 480}, Layout::Offset}},
  };
  constexpr int kRounds = 3;
  struct ThreadState {
    std::vector<PreparedJob> jobs;
    test::DeviceBuffer ws;
    std::vector<std::vector<std::vector<unsigned char>>> outputs;  // [round][job]
    std::string error;
  };
  std::vector<ThreadState> states(per_thread.size());
  for (std::size_t t = 0; t < per_thread.size(); ++t) {
    for (const Job& j : per_thread[t]) states[t].jobs.push_back(prepare(j));
    states[t].ws = workspace_for(per_thread[t], opt);
  }
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < per_thread.size(); ++t)
    threads.emplace_back([&, t] {
      ThreadState& st = states[t];
      try {
        Stream s;
        for (int r = 0; r < kRounds; ++r) {
          for (PreparedJob& j : st.jobs) {
            j.dp->poison_output(s.get());
            compute(j.dp->problem(), opt, st.ws.get(), st.ws.size(), s.get());
          }
          test::sync_stream(s.get(), "thread stream");
          st.outputs.emplace_back();
          for (PreparedJob& j : st.jobs) st.outputs.back().push_back(j.dp->download_output());
        }
      } catch (const std::exception& e) {
        st.error = e.what();
      }
    });
  for (std::thread& th : threads) th.join();
  for (std::size_t t = 0; t < states.size(); ++t) {
    ASSERT_EQ(states[t].error, "") << "thread " << t;
    ASSERT_EQ(states[t].outputs.size(), std::size_t(kRounds));
    for (int r = 0; r < kRounds; ++r)
      for (std::size_t k = 0; k < per_thread[t].size(); ++k) {
        const Job& j = per_thread[t][k];
        SCOPED_TRACE("thread " + std::to_string(t) + ", round " + std::to_string(r) + ": " +
                     test::describe(opt, j.type, j.extent, j.layout) + ", seed " +
                     std::to_string(states[t].jobs[k].input->seed));
        EXPECT_TRUE(
            test::output_matches(states[t].jobs[k].input->reference, *states[t].jobs[k].dp, states[t].outputs[r][k]));
        if (r > 0) {
          EXPECT_TRUE(states[t].outputs[r][k] == states[t].outputs[0][k]) << "rounds differ";
        }
      }
  }
}

// Arguments rejected by validation: sat::Error thrown, nothing launched.
TEST_P(GpuConcurrency, RejectedCallsLaunchNothing) {
  SAT_REQUIRE_GPU();
  const Options opt = options();
  const Extent e{257, 129};
  const auto input = test::cached_input(ElementType::U8ToU32, e, test::Fill::Signed, false);
  test::DeviceProblem dp(input->image, Layout::Packed);
  const test::DeviceBuffer ws = test::garbage_workspace(ElementType::U8ToU32, e, opt);
  const cudaStream_t s = test::test_stream();

  Problem misaligned = dp.problem();
  misaligned.output_pitch += 2;
  EXPECT_TRUE(test::ThrowsSatError([&] { compute(misaligned, opt, ws.get(), ws.size(), s); },
                                   ErrorCode::InvalidArgument, "sat::compute", {"output pitch"}));
  Problem overlapping = dp.problem();
  overlapping.output = const_cast<void*>(overlapping.input);
  EXPECT_TRUE(test::ThrowsSatError([&] { compute(overlapping, opt, ws.get(), ws.size(), s); },
                                   ErrorCode::InvalidArgument, "sat::compute", {"overlap"}));
  Options bad_tile = opt;
  bad_tile.tile = 48;
  EXPECT_TRUE(test::ThrowsSatError([&] { compute(dp.problem(), bad_tile, ws.get(), ws.size(), s); },
                                   ErrorCode::InvalidArgument, "sat::compute", {"tile"}));
  if (ws.size() > 0) {
    EXPECT_TRUE(test::ThrowsSatError([&] { compute(dp.problem(), opt, ws.get(), ws.size() - 1, s); },
                                     ErrorCode::WorkspaceTooSmall, "sat::compute", {"workspace"}));
    EXPECT_TRUE(test::ThrowsSatError([&] { compute(dp.problem(), opt, nullptr, ws.size(), s); },
                                     ErrorCode::InvalidArgument, "sat::compute", {"workspace pointer is null"}));
  }
  ASSERT_NO_THROW(test::sync_stream(s, "after rejected calls"));
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  const std::vector<unsigned char> out = dp.download_output();
  EXPECT_TRUE(std::all_of(out.begin(), out.end(), [](unsigned char b) { return b == test::kOutputPoison; }))
      << "a rejected call wrote its output";
  EXPECT_TRUE(dp.input_unchanged());

  // The same arguments, corrected, still work afterwards.
  ASSERT_NO_THROW(compute(dp.problem(), opt, ws.get(), ws.size(), s));
  ASSERT_NO_THROW(test::sync_stream(s, "compute"));
  EXPECT_TRUE(test::output_matches(input->reference, dp, dp.download_output()));
}

INSTANTIATE_TEST_SUITE_P(AllAlgorithms, GpuConcurrency, ::testing::ValuesIn(kAllAlgorithms),
                         [](const ::testing::TestParamInfo<Algorithm>& p) { return test::short_name(p.param); });

}  // namespace
}  // namespace sat
