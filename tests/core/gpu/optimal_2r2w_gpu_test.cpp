// 2R2W-optimal's column pass on the look-back component (epoch-and-ticket header, packed
// {epoch, value} words, windowed look-back): calls in a row on one workspace with nothing
// cleared between them, odd sizes on both sides of the R = 8 / R = 2 choice, u8x4 and f32 against
// the CPU reference, and float results identical bit for bit from call to call. The kind change
// after another algorithm's state: lookback_state_gpu_test.cpp.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cuda_test_support.h"
#include "sat/sat.h"
#include "sat_gpu_harness.h"
#include "sat_test_util.h"

namespace sat {
namespace {

using test::Layout;

Options optimal() {
  Options o;
  o.algorithm = Algorithm::Optimal2R2W;
  return o;
}

// Sizes from one tile to many: 1×1, a row, a column, one tile ± 1 (128 columns, 64 or 16 rows),
// odd primes, a frame, and tall/wide images whose column chains are long.
const std::vector<Extent> kOddSizes = {{1, 1},    {1, 4099},   {4099, 1},    {127, 15},  {129, 17},  {128, 64},
                                       {129, 65}, {997, 1009}, {1920, 1080}, {33, 4097}, {4097, 33}, {2049, 2047}};

// One call through `run` (a Plan, a Workspace or compute() on a caller's workspace) on a fresh
// image, checked against the CPU reference; returns the output as downloaded.
template <class Run>
std::vector<unsigned char> run_and_check(ElementType type, Extent extent, test::Fill fill, Layout layout, Run&& run) {
  const auto input = test::cached_input(type, extent, fill, false);
  SCOPED_TRACE(test::describe(optimal(), type, extent, layout) + ", seed " + std::to_string(input->seed));
  test::DeviceProblem dp(input->image, layout);
  EXPECT_NO_THROW(run(dp.problem()));
  EXPECT_NO_THROW(test::sync_stream(test::test_stream(), "2r2w-optimal"));
  std::vector<unsigned char> out = dp.download_output();
  EXPECT_TRUE(test::output_matches(input->reference, dp, out));
  EXPECT_TRUE(dp.input_unchanged());
  return out;
}

class GpuOptimal2R2W : public ::testing::TestWithParam<ElementType> {};

// A Plan's workspace: the second call of a layout has no reset launch (the first call's last
// ticket started its epoch) and must not read the first call's words as its own.
TEST_P(GpuOptimal2R2W, CallsInARowOnOnePlanNeedNoClearing) {
  SAT_REQUIRE_GPU();
  const ElementType type = GetParam();
  for (const Extent e : {Extent{997, 1009}, Extent{129, 17}, Extent{4097, 33}}) {
    Plan plan(type, e, optimal());
    const auto run = [&](const Problem& p) { plan.run(p, test::test_stream()); };
    // Different images each call: a value left by the previous call would show.
    for (int call = 0; call < 4; ++call) {
      run_and_check(type, e, call % 2 ? test::Fill::Positive : test::Fill::Signed, Layout::Pitched, run);
      if (HasFailure()) return;
    }
  }
}

// A caller's workspace (compute(): the reset launch checks the header each call) holding
// garbage, then calls in a row on it.
TEST_P(GpuOptimal2R2W, CallsInARowOnACallersWorkspace) {
  SAT_REQUIRE_GPU();
  const ElementType type = GetParam();
  const Extent e{1001, 777};
  const test::DeviceBuffer ws = test::garbage_workspace(type, e, optimal());
  const auto run = [&](const Problem& p) { compute(p, optimal(), ws.get(), ws.size(), test::test_stream()); };
  for (int call = 0; call < 3; ++call) {
    run_and_check(type, e, call % 2 ? test::Fill::Positive : test::Fill::Signed, Layout::Offset, run);
    if (HasFailure()) return;
  }
}

// One Workspace through every odd size (each a new layout: cleared on the change) and back.
TEST_P(GpuOptimal2R2W, OddSizesOnOneWorkspace) {
  SAT_REQUIRE_GPU();
  const ElementType type = GetParam();
  Workspace ws;
  const auto run = [&](const Problem& p) { ws.compute(p, optimal(), test::test_stream()); };
  for (int pass = 0; pass < 2; ++pass)
    for (const Extent e : kOddSizes) {
      run_and_check(type, e, test::Fill::Signed, pass ? Layout::Packed : Layout::Pitch512, run);
      if (HasFailure()) return;
    }
}

// The look-back's forward fold: the same bits whatever the timing, call after call.
TEST_P(GpuOptimal2R2W, ResultsAreIdenticalFromCallToCall) {
  SAT_REQUIRE_GPU();
  const ElementType type = GetParam();
  for (const Extent e : {Extent{2049, 2047}, Extent{1920, 1080}, Extent{129, 4097}}) {
    Plan plan(type, e, optimal());
    const auto run = [&](const Problem& p) { plan.run(p, test::test_stream()); };
    const std::vector<unsigned char> first = run_and_check(type, e, test::Fill::Signed, Layout::Packed, run);
    for (int call = 0; call < 3; ++call) {
      const std::vector<unsigned char> again = run_and_check(type, e, test::Fill::Signed, Layout::Packed, run);
      ASSERT_TRUE(again == first) << "call " << call + 2 << " differs from the first, " << e.width << "×" << e.height;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Types, GpuOptimal2R2W,
                         ::testing::Values(ElementType::F32ToF32, ElementType::U8x4ToU32x4, ElementType::U8ToU32,
                                           ElementType::U8ToSumSq, ElementType::U16ToU32, ElementType::U16ToU64,
                                           ElementType::U16x4ToU32x4),
                         [](const ::testing::TestParamInfo<ElementType>& param) {
                           return test::short_name(param.param);
                         });

}  // namespace
}  // namespace sat
