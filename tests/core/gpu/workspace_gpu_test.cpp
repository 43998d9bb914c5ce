// A workspace the library owns and grows (sat_workspace and sat_compute_in in the C ABI,
// sat::Workspace in C++): repeated calls of one shape back to back with the input alternating
// between two images (with no reset launch between calls of one layout, a value the previous call
// left in the workspace must never pass for this call's), shapes, batches and element types that
// grow and shrink the workspace (it grows to exactly what the largest call so far needed, never
// shrinks), other algorithms taking turns on it, a rejected call, and moves. Every result against
// the host reference: integers exact, floats within the suite's bound.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "batch_layout.h"
#include "cuda_test_support.h"
#include "sat/sat.h"
#include "sat/sat_c.h"
#include "sat_gpu_harness.h"
#include "sat_test_util.h"

namespace sat {
namespace {

// A seeded random batch, uploaded once.
struct DeviceBatch {
  test::HostBatch host;
  test::DeviceBuffer in;

  DeviceBatch(ElementType type, Extent extent, int planes, std::uint64_t seed)
      : host(test::random_batch(type, extent, planes, seed)), in(host.layout.in_bytes()) {
    test::cuda_check(cudaMemcpy(in.get(), host.input.data(), host.input.size(), cudaMemcpyHostToDevice), "upload");
  }
  sat_problem problem(void* out) const {
    const test::BatchLayout& l = host.layout;
    return {int(l.type), l.extent.width, l.extent.height, in.get(), l.in_pitch, out, l.out_pitch};
  }
  sat_batch batch() const { return {host.layout.planes, host.layout.in_stride, host.layout.out_stride}; }
};

struct Series {
  Extent extent;
  int planes;
  int calls;  // back to back, alternating the two inputs
};

// `series.calls` calls of one shape through sat_compute_in, queued on the stream one after another
// (no wait in between), the input alternating between two random batches; then every output
// against the reference of the input that call was given.
void run_alternating(sat_workspace* ws, const sat_options& options, ElementType type, const Series& series,
                     std::uint64_t seed) {
  const cudaStream_t stream = test::test_stream();
  const DeviceBatch inputs[2] = {DeviceBatch(type, series.extent, series.planes, test::mix_seed(seed, 0)),
                                 DeviceBatch(type, series.extent, series.planes, test::mix_seed(seed, 1))};
  const std::size_t out_bytes = inputs[0].host.layout.out_bytes();
  std::vector<test::DeviceBuffer> outputs;
  for (int k = 0; k < series.calls; ++k) {
    outputs.emplace_back(out_bytes);
    test::cuda_check(cudaMemsetAsync(outputs.back().get(), test::kBatchOutputPoison, out_bytes, stream), "poison");
  }
  for (int k = 0; k < series.calls; ++k) {
    const DeviceBatch& in = inputs[k % 2];
    const sat_problem p = in.problem(outputs[std::size_t(k)].get());
    const sat_batch b = in.batch();
    ASSERT_EQ(sat_compute_in(ws, &p, &b, &options, stream), SAT_OK) << "call " << k << ": " << sat_last_error();
  }
  test::sync_stream(stream, "sat_compute_in");
  std::vector<unsigned char> result(out_bytes);
  for (int k = 0; k < series.calls; ++k) {
    test::cuda_check(cudaMemcpy(result.data(), outputs[std::size_t(k)].get(), out_bytes, cudaMemcpyDeviceToHost),
                     "download");
    const std::string problem = test::check_batch_output(inputs[k % 2].host, result.data(), test::kGpuFloatDepth);
    ASSERT_TRUE(problem.empty()) << "call " << k << " (input " << k % 2 << "): " << problem;
  }
}

std::string run_name(ElementType type, const Series& series, int algorithm, std::uint64_t seed) {
  return std::string(sat_algorithm_name(algorithm)) + ", " + to_string(type) + ", " + std::to_string(series.planes) +
         " x " + std::to_string(series.extent.width) + "x" + std::to_string(series.extent.height) + " (w x h), " +
         std::to_string(series.calls) + " calls, seed " + std::to_string(seed);
}

// A sat_workspace destroyed at the end of the test.
using WorkspaceHandle = std::unique_ptr<sat_workspace, void (*)(sat_workspace*)>;
WorkspaceHandle make_workspace() {
  sat_workspace* ws = nullptr;
  EXPECT_EQ(sat_workspace_create(&ws), SAT_OK) << sat_last_error();
  return {ws, sat_workspace_destroy};
}

// One workspace for every element type in turn, shapes and batches growing and shrinking it.
TEST(GpuCAbiWorkspace, RepeatedCallsSeeEachCallsInput) {
  SAT_REQUIRE_GPU();
  const Series all[] = {
      {{257, 130}, 1, 4}, {{37, 29}, 3, 3},  {{1920, 1080}, 1, 3}, {{1, 1}, 1, 2},
      {{257, 130}, 1, 3}, {{64, 64}, 17, 3}, {{37, 29}, 3, 2},     {{1000, 700}, 2, 2},
  };
  const WorkspaceHandle ws = make_workspace();
  const sat_options options = sat_default_options();
  std::size_t largest = 0;
  for (ElementType type : kAllElementTypes)
    for (const Series& series : all) {
      const auto seed = test::mix_seed(test::master_seed(), std::uint64_t(type), std::uint64_t(series.planes),
                                       std::uint64_t(series.extent.width) << 32 | std::uint64_t(series.extent.height));
      SCOPED_TRACE(run_name(type, series, options.algorithm, seed));
      run_alternating(ws.get(), options, type, series, seed);
      if (HasFatalFailure()) return;
      largest = std::max(largest, batch_workspace_size(type, series.extent, series.planes, Options{}));
      EXPECT_EQ(sat_workspace_bytes(ws.get()), largest) << "grown to the largest call so far, never shrunk";
    }
}

// Every algorithm takes turns with 1R1W-SKSS-LB on one workspace (the others overwrite it with
// their own data); then a rejected call, which must leave the workspace as it was.
TEST(GpuCAbiWorkspace, AlgorithmsTakeTurns) {
  SAT_REQUIRE_GPU();
  const WorkspaceHandle ws = make_workspace();
  const Series series{{257, 130}, 2, 2};
  for (ElementType type : {ElementType::U8ToU32, ElementType::F32ToF32})
    for (int algorithm = 0; sat_algorithm_name(algorithm); ++algorithm)
      for (int turn : {int(SAT_ALGORITHM_1R1W_SKSS_LB), algorithm}) {
        sat_options options = sat_default_options();
        options.algorithm = turn;
        const auto seed = test::mix_seed(test::master_seed(), std::uint64_t(type), std::uint64_t(algorithm));
        SCOPED_TRACE(run_name(type, series, turn, seed));
        run_alternating(ws.get(), options, type, series, seed);
        if (HasFatalFailure()) return;
      }

  const std::size_t bytes = sat_workspace_bytes(ws.get());
  const DeviceBatch input(ElementType::U8ToU32, series.extent, series.planes, 5);
  const sat_problem bad = input.problem(nullptr);
  const sat_batch batch = input.batch();
  EXPECT_EQ(sat_compute_in(ws.get(), &bad, &batch, nullptr, test::test_stream()), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(sat_last_error(), "sat::compute_batch: output pointer is null");
  EXPECT_EQ(sat_workspace_bytes(ws.get()), bytes);
  run_alternating(ws.get(), sat_default_options(), ElementType::U8ToU32, series, 6);
}

// sat::Workspace in C++: grows on its first call, and keeps working through moves (a moved-from
// workspace is empty and grows again when used).
TEST(GpuWorkspace, ComputesAndSurvivesMoves) {
  SAT_REQUIRE_GPU();
  const cudaStream_t stream = test::test_stream();
  const auto run_and_check = [&](Workspace& ws, Extent extent, test::Fill fill) {
    const auto input = test::cached_input(ElementType::U8ToU32, extent, fill, false);
    SCOPED_TRACE(test::describe(Options{}, ElementType::U8ToU32, extent, test::Layout::Pitched) + ", seed " +
                 std::to_string(input->seed));
    test::DeviceProblem dp(input->image, test::Layout::Pitched);
    ASSERT_NO_THROW(ws.compute(dp.problem(), Options{}, stream));
    ASSERT_NO_THROW(test::sync_stream(stream, "Workspace::compute"));
    ASSERT_TRUE(test::output_matches(input->reference, dp, dp.download_output()));
  };
  Workspace first;
  EXPECT_EQ(first.bytes(), 0u);
  run_and_check(first, {200, 100}, test::Fill::Signed);
  if (HasFatalFailure()) return;
  const std::size_t bytes = first.bytes();
  EXPECT_EQ(bytes, workspace_size(ElementType::U8ToU32, {200, 100}, Options{}));

  Workspace moved(std::move(first));
  EXPECT_EQ(moved.bytes(), bytes);
  EXPECT_EQ(first.bytes(), 0u);  // NOLINT(bugprone-use-after-move): documented moved-from state
  run_and_check(moved, {200, 100}, test::Fill::Positive);
  if (HasFatalFailure()) return;

  Workspace assigned;
  run_and_check(assigned, {1000, 999}, test::Fill::Signed);
  if (HasFatalFailure()) return;
  assigned = std::move(moved);
  EXPECT_EQ(assigned.bytes(), bytes);
  run_and_check(assigned, {200, 100}, test::Fill::Signed);
  if (HasFatalFailure()) return;
  run_and_check(first, {64, 64}, test::Fill::Signed);  // NOLINT(bugprone-use-after-move)
  EXPECT_EQ(first.bytes(), workspace_size(ElementType::U8ToU32, {64, 64}, Options{}));
}

}  // namespace
}  // namespace sat
