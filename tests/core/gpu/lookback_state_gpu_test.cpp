// The state that 1R1W-SKSS-LB, 1R1W-SKSS and 2R2W-optimal keep in a workspace from call to call: a workspace
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

// Writes `words` over the state after the header, as another layout's leftovers would lie there.
template <class Word>
void plant(const test::DeviceBuffer& workspace, const std::vector<Word>& words) {
  test::cuda_check(cudaMemcpy(static_cast<char*>(workspace.get()) + kHeaderBytes, words.data(),
                              words.size() * sizeof(Word), cudaMemcpyHostToDevice),
                   "plant words");
}

// 64-bit words whose upper halves cycle through the first few epochs a workspace goes through:
// whatever epoch the next call runs in, many words look published by it (1R1W-SKSS-LB's packed
// words).
void fill_with_current_looking_words(const test::DeviceBuffer& workspace) {
  std::vector<std::uint64_t> words((workspace.size() - kHeaderBytes) / 8);
  for (std::size_t k = 0; k < words.size(); ++k)
    words[k] = std::uint64_t(1 + k % 6) << 32 | std::uint32_t(k * 2654435761u);
  plant(workspace, words);
}

// Flags (epoch << 3 | status) with every early epoch and status 1: 1R1W-SKSS keeps such flags
// right after the header, and these would pass for published rows.
void fill_with_published_looking_flags(const test::DeviceBuffer& workspace) {
  std::vector<std::uint32_t> words((workspace.size() - kHeaderBytes) / 4);
  for (std::size_t k = 0; k < words.size(); ++k) words[k] = std::uint32_t(1 + k % 6) << 3 | 1u;
  plant(workspace, words);
}

void run_and_check(ElementType type, Extent extent, const Options& options, const test::DeviceBuffer& workspace) {
  const auto input = test::cached_input(type, extent, test::Fill::Signed, false);
  SCOPED_TRACE(test::describe(options, type, extent, Layout::Packed) + ", seed " + std::to_string(input->seed));
  test::DeviceProblem dp(input->image, Layout::Packed);
  ASSERT_NO_THROW(compute(dp.problem(), options, workspace.get(), workspace.size(), test::test_stream()));
  ASSERT_NO_THROW(test::sync_stream(test::test_stream(), "compute"));
  ASSERT_TRUE(test::output_matches(input->reference, dp, dp.download_output()));
}

struct Call {
  ElementType type;
  Extent extent;
  Options options;
};

// `first` leaves its state in one workspace, `fill` plants words over it, `second` (another
// layout) must not read any of them; planted again, `third` (yet another layout) neither; then
// `third` once more, on the state it left itself.
void check_layout_changes(const Call& first, const Call& second, const Call& third,
                          void (*fill)(const test::DeviceBuffer&)) {
  std::size_t bytes = 0;
  for (const Call& c : {first, second, third}) bytes = std::max(bytes, workspace_size(c.type, c.extent, c.options));
  test::DeviceBuffer workspace(bytes);
  run_and_check(first.type, first.extent, first.options, workspace);
  if (::testing::Test::HasFatalFailure()) return;
  fill(workspace);
  run_and_check(second.type, second.extent, second.options, workspace);
  if (::testing::Test::HasFatalFailure()) return;
  fill(workspace);
  run_and_check(third.type, third.extent, third.options, workspace);
  if (::testing::Test::HasFatalFailure()) return;
  run_and_check(third.type, third.extent, third.options, workspace);
}

// A u8x4 state (four words per 16-byte sum), then a u8 → u32 call (one word per sum) and an f32 call of
// another size.
TEST(GpuLookBackState, AnotherLayoutsLeftoversAreClearedBeforeUse) {
  SAT_REQUIRE_GPU();
  Options lb;
  lb.algorithm = Algorithm::SkssLb1R1W;
  check_layout_changes({ElementType::U8x4ToU32x4, {1000, 700}, lb}, {ElementType::U8ToU32, {1000, 700}, lb},
                       {ElementType::F32ToF32, {1300, 901}, lb}, fill_with_current_looking_words);
}

// 1R1W-SKSS-LB's state, then 1R1W-SKSS's flags of two layouts.
TEST(GpuLookBackState, ColumnFlagsOfAnotherLayoutAreClearedBeforeUse) {
  SAT_REQUIRE_GPU();
  Options lb, skss;
  lb.algorithm = Algorithm::SkssLb1R1W;
  skss.algorithm = Algorithm::Skss1R1W;
  check_layout_changes({ElementType::U8ToU32, {1000, 700}, lb}, {ElementType::U8ToU32, {1000, 700}, skss},
                       {ElementType::F32ToF32, {1300, 901}, skss}, fill_with_published_looking_flags);
}

// 1R1W-SKSS-LB's packed words, then 2R2W-optimal's column state (its own kind: the same word
// format, another layout) of two element types; and the reverse.
TEST(GpuLookBackState, OptimalColumnStateAfterAnotherKindIsCleared) {
  SAT_REQUIRE_GPU();
  Options lb, optimal;
  lb.algorithm = Algorithm::SkssLb1R1W;
  optimal.algorithm = Algorithm::Optimal2R2W;
  check_layout_changes({ElementType::U8ToU32, {1000, 700}, lb}, {ElementType::U8ToU32, {1000, 700}, optimal},
                       {ElementType::F32ToF32, {1300, 901}, optimal}, fill_with_current_looking_words);
  if (HasFatalFailure()) return;
  check_layout_changes({ElementType::U8x4ToU32x4, {1000, 700}, optimal}, {ElementType::U8ToU32, {1000, 700}, lb},
                       {ElementType::F32ToF32, {1300, 901}, lb}, fill_with_current_looking_words);
}

// A workspace the library owns remembers the last layout (WorkspaceHistory): switching between
// 1R1W-SKSS-LB, 1R1W-SKSS and 2R2W-optimal on one sat::Workspace clears the state at each change
// of kind, and a repeated call of the same kind runs without the reset launch.
TEST(GpuLookBackState, OneWorkspaceAlternatingKindsStaysCorrect) {
  SAT_REQUIRE_GPU();
  Workspace ws;
  const Extent e{1000, 700};
  for (Algorithm a : {Algorithm::SkssLb1R1W, Algorithm::Optimal2R2W, Algorithm::Optimal2R2W, Algorithm::Skss1R1W,
                      Algorithm::Optimal2R2W, Algorithm::SkssLb1R1W, Algorithm::Optimal2R2W}) {
    Options o;
    o.algorithm = a;
    const auto input = test::cached_input(ElementType::U8ToU32, e, test::Fill::Signed, false);
    SCOPED_TRACE(test::describe(o, ElementType::U8ToU32, e, Layout::Packed));
    test::DeviceProblem dp(input->image, Layout::Packed);
    ASSERT_NO_THROW(ws.compute(dp.problem(), o, test::test_stream()));
    ASSERT_NO_THROW(test::sync_stream(test::test_stream(), "Workspace::compute"));
    ASSERT_TRUE(test::output_matches(input->reference, dp, dp.download_output()));
  }
}

}  // namespace
}  // namespace sat
