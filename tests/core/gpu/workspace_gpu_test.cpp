// sat::Workspace, a workspace the library owns and grows: it grows on its first call, and keeps
// working through moves. Every result against the host reference.
#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "cuda_test_support.h"
#include "sat/sat.h"
#include "sat_gpu_harness.h"
#include "sat_test_util.h"

namespace sat {
namespace {

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
