// The state that 1R1W-SKSS-LB and 1R1W-SKSS keep in a workspace from call to call: a workspace
// that held another layout's state is cleared before it is trusted. Another layout's plain values
// (e.g. the 16-byte sums of a u8x4 table) sit where this layout's {epoch, value} words go, and
// any of them could carry the current epoch in its upper half.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "cuda_test_support.h"
#include "sat/sat.h"
#include "sat_gpu_harness.h"
#include "sat_test_util.h"

namespace sat {
namespace {

using test::Layout;

// The bytes at the start of a workspace that hold the state's header (lookback/layout.h).
constexpr std::size_t kHeaderBytes = 256;

// Fills the state after the header with 64-bit words whose upper halves cycle through the first
// few epochs a workspace goes through: whatever epoch the next call runs in, many words look
// published by it.
void fill_with_current_looking_words(const test::DeviceBuffer& workspace) {
  std::vector<std::uint64_t> words((workspace.size() - kHeaderBytes) / 8);
  for (std::size_t k = 0; k < words.size(); ++k)
    words[k] = std::uint64_t(1 + k % 6) << 32 | std::uint32_t(k * 2654435761u);
  test::cuda_check(cudaMemcpy(static_cast<char*>(workspace.get()) + kHeaderBytes, words.data(), words.size() * 8,
                              cudaMemcpyHostToDevice),
                   "plant words");
}

void run_and_check(ElementType type, Extent extent, const Options& options, const test::DeviceBuffer& workspace) {
  const auto input = test::cached_input(type, extent, test::Fill::Signed, false);
  SCOPED_TRACE(test::describe(options, type, extent, Layout::Packed) + ", seed " + std::to_string(input->seed));
  test::DeviceProblem dp(input->image, Layout::Packed);
  ASSERT_NO_THROW(compute(dp.problem(), options, workspace.get(), workspace.size(), test::test_stream()));
  ASSERT_NO_THROW(test::sync_stream(test::test_stream(), "compute"));
  ASSERT_TRUE(test::output_matches(input->reference, dp, dp.download_output()));
}

TEST(GpuLookBackState, AnotherLayoutsLeftoversAreClearedBeforeUse) {
  SAT_REQUIRE_GPU();
  Options options;
  options.algorithm = Algorithm::SkssLb1R1W;
  const Extent extent{1000, 700};
  // The first call leaves a u8x4 state (flags and 16-byte sums), then words that look current are
  // planted over it; a u8 → u32 call (packed words) and an f32 call of another size must not read
  // any of them.
  const std::size_t bytes = std::max({workspace_size(ElementType::U8x4ToU32x4, extent, options),
                                      workspace_size(ElementType::U8ToU32, extent, options),
                                      workspace_size(ElementType::F32ToF32, {1300, 901}, options)});
  test::DeviceBuffer workspace(bytes);
  run_and_check(ElementType::U8x4ToU32x4, extent, options, workspace);
  if (HasFatalFailure()) return;
  fill_with_current_looking_words(workspace);
  run_and_check(ElementType::U8ToU32, extent, options, workspace);
  if (HasFatalFailure()) return;
  fill_with_current_looking_words(workspace);
  run_and_check(ElementType::F32ToF32, {1300, 901}, options, workspace);
  if (HasFatalFailure()) return;
  // And the same layout again after all that: the state is consistent.
  run_and_check(ElementType::F32ToF32, {1300, 901}, options, workspace);
}

// 1R1W-SKSS keeps epoch-tagged flags (epoch << 3 | status) right after the header: words planted
// there with every early epoch and status 1 would pass for published rows if the reset trusted a
// workspace of another layout.
void fill_with_published_looking_flags(const test::DeviceBuffer& workspace) {
  std::vector<std::uint32_t> words((workspace.size() - kHeaderBytes) / 4);
  for (std::size_t k = 0; k < words.size(); ++k) words[k] = std::uint32_t(1 + k % 6) << 3 | 1u;
  test::cuda_check(cudaMemcpy(static_cast<char*>(workspace.get()) + kHeaderBytes, words.data(), words.size() * 4,
                              cudaMemcpyHostToDevice),
                   "plant flags");
}

TEST(GpuLookBackState, ColumnFlagsOfAnotherLayoutAreClearedBeforeUse) {
  SAT_REQUIRE_GPU();
  Options lb, skss;
  lb.algorithm = Algorithm::SkssLb1R1W;
  skss.algorithm = Algorithm::Skss1R1W;
  const Extent extent{1000, 700};
  const std::size_t bytes = std::max({workspace_size(ElementType::U8ToU32, extent, lb),
                                      workspace_size(ElementType::U8ToU32, extent, skss),
                                      workspace_size(ElementType::F32ToF32, {1300, 901}, skss)});
  test::DeviceBuffer workspace(bytes);
  run_and_check(ElementType::U8ToU32, extent, lb, workspace);
  if (HasFatalFailure()) return;
  fill_with_published_looking_flags(workspace);
  run_and_check(ElementType::U8ToU32, extent, skss, workspace);
  if (HasFatalFailure()) return;
  fill_with_published_looking_flags(workspace);
  run_and_check(ElementType::F32ToF32, {1300, 901}, skss, workspace);
  if (HasFatalFailure()) return;
  run_and_check(ElementType::F32ToF32, {1300, 901}, skss, workspace);  // same layout again
}

}  // namespace
}  // namespace sat
