// sat::Plan: owns a workspace for a maximum extent and runs every extent up to it (one workspace
// reused across sizes and calls), rejects a larger extent or another type, and survives moves.
#include <gtest/gtest.h>

#include <algorithm>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "cuda_test_support.h"
#include "sat/sat.h"
#include "sat_expect.h"
#include "sat_gpu_harness.h"
#include "sat_test_util.h"

namespace sat {
namespace {

using test::Layout;

struct PlanCase {
  Algorithm algorithm;
  int tile;
  ElementType type;
  std::string name() const {
    const std::string tile_name = !is_tiled(algorithm) ? "Untiled" : tile == 0 ? "Wdef" : "W" + std::to_string(tile);
    return test::short_name(algorithm) + "_" + tile_name + "_" + test::short_name(type);
  }
};

void PrintTo(const PlanCase& c, std::ostream* os) { *os << c.name(); }

constexpr Extent kMax{333, 257};  // width × height

// Runs `plan` on a fresh random image of `extent` and checks the result.
void run_and_check(Plan& plan, Extent extent, Layout layout, test::Fill fill = test::Fill::Signed) {
  const auto input = test::cached_input(plan.type(), extent, fill, false);
  SCOPED_TRACE(test::describe(plan.options(), plan.type(), extent, layout) + ", seed " + std::to_string(input->seed));
  test::DeviceProblem dp(input->image, layout);
  ASSERT_NO_THROW(plan.run(dp.problem(), test::test_stream()));
  ASSERT_NO_THROW(test::sync_stream(test::test_stream(), "Plan::run"));
  ASSERT_TRUE(test::output_matches(input->reference, dp, dp.download_output()));
}

class GpuPlan : public ::testing::TestWithParam<PlanCase> {
 protected:
  Options options() const {
    Options o;
    o.algorithm = GetParam().algorithm;
    o.tile = GetParam().tile;
    return o;
  }
};

TEST_P(GpuPlan, RunsEveryExtentUpToItsMax) {
  SAT_REQUIRE_GPU();
  const PlanCase c = GetParam();
  Plan plan(c.type, kMax, options());
  EXPECT_EQ(plan.workspace_bytes(), workspace_size(c.type, kMax, options()));
  EXPECT_EQ(plan.type(), c.type);
  EXPECT_EQ(plan.options().algorithm, c.algorithm);
  EXPECT_EQ(plan.options().tile, c.tile);
  // Largest first, then smaller ones (the workspace keeps the larger run's leftovers), then the
  // largest again.
  const std::vector<std::pair<Extent, Layout>> runs = {
      {kMax, Layout::Pitched},
      {{1, 1}, Layout::Packed},
      {{kMax.width, 1}, Layout::Packed},
      {{1, kMax.height}, Layout::Pitched},
      {{129, 65}, Layout::Offset},
      {{64, 256}, Layout::Pitch512},
      {{kMax.width - 1, kMax.height - 2}, Layout::Packed},
      {kMax, Layout::Packed},
  };
  for (const auto& [extent, layout] : runs) {
    run_and_check(plan, extent, layout);
    if (HasFatalFailure()) return;
  }
}

// The same extent again and again, its input alternating between two images (a value the
// previous call left in the workspace is then the other image's), and extents that change the
// look-back layout in between.
TEST_P(GpuPlan, RepeatedRunsSeeEachCallsInput) {
  SAT_REQUIRE_GPU();
  Plan plan(GetParam().type, kMax, options());
  const Extent sizes[] = {kMax, kMax, kMax, kMax, {129, 65}, {129, 65}, {129, 65}, kMax, kMax, {1, 1}, kMax};
  int k = 0;
  for (Extent e : sizes) {
    run_and_check(plan, e, Layout::Packed, k++ % 2 ? test::Fill::Positive : test::Fill::Signed);
    if (HasFatalFailure()) return;
  }
}

TEST_P(GpuPlan, RejectsALargerExtentAndAnotherType) {
  SAT_REQUIRE_GPU();
  const PlanCase c = GetParam();
  Plan plan(c.type, kMax, options());
  for (Extent e : {Extent{kMax.width + 1, kMax.height}, Extent{kMax.width, kMax.height + 1},
                   Extent{kMax.width + 100, kMax.height + 100}}) {
    SCOPED_TRACE(std::to_string(e.height) + "x" + std::to_string(e.width));
    const auto input = test::cached_input(c.type, e, test::Fill::Signed, false);
    test::DeviceProblem dp(input->image, Layout::Packed);
    EXPECT_TRUE(test::ThrowsSatError([&] { plan.run(dp.problem(), test::test_stream()); }, ErrorCode::InvalidArgument,
                                     "sat::Plan::run",
                                     {"exceeds", std::to_string(e.width) + "x" + std::to_string(e.height)}));
    ASSERT_NO_THROW(test::sync_stream(test::test_stream(), "after a rejected run"));
    const std::vector<unsigned char> out = dp.download_output();
    EXPECT_TRUE(std::all_of(out.begin(), out.end(), [](unsigned char b) { return b == test::kOutputPoison; }))
        << "a rejected run wrote its output";
  }
  const ElementType other = c.type == ElementType::F32ToF32 ? ElementType::U8ToU32 : ElementType::F32ToF32;
  const auto input = test::cached_input(other, {16, 16}, test::Fill::Signed, false);
  test::DeviceProblem dp(input->image, Layout::Packed);
  EXPECT_TRUE(test::ThrowsSatError([&] { plan.run(dp.problem(), test::test_stream()); }, ErrorCode::InvalidArgument,
                                   "sat::Plan::run", {to_string(c.type), to_string(other)}));
  // A bad problem inside the extent is still validated (by compute).
  Problem bad = dp.problem();
  bad.type = c.type;
  bad.extent = {16, 16};
  bad.input_pitch = 16 * input_element_size(c.type);
  bad.output = nullptr;
  EXPECT_TRUE(test::ThrowsSatError([&] { plan.run(bad, test::test_stream()); }, ErrorCode::InvalidArgument,
                                   "sat::compute", {"output pointer is null"}));
}

TEST_P(GpuPlan, SurvivesMoves) {
  SAT_REQUIRE_GPU();
  const PlanCase c = GetParam();
  Plan first(c.type, kMax, options());
  const std::size_t bytes = first.workspace_bytes();
  Plan moved(std::move(first));
  EXPECT_EQ(moved.workspace_bytes(), bytes);
  EXPECT_EQ(first.workspace_bytes(), 0u);  // NOLINT(bugprone-use-after-move): documented moved-from state
  run_and_check(moved, {200, 100}, Layout::Pitched);
  if (HasFatalFailure()) return;

  Plan assigned(c.type, {8, 8}, options());
  assigned = std::move(moved);
  EXPECT_EQ(assigned.workspace_bytes(), bytes);
  run_and_check(assigned, kMax, Layout::Offset);
}

std::vector<PlanCase> plan_cases() {
  std::vector<PlanCase> out;
  for (ElementType t : {ElementType::U8ToU32, ElementType::F32ToF32, ElementType::U8ToSumSq, ElementType::U16ToU32,
                        ElementType::U16x4ToU32x4})
    for (Algorithm a : kAllAlgorithms) {
      out.push_back({a, 0, t});
      if (is_tiled(a)) out.push_back({a, 32, t});
    }
  return out;
}

INSTANTIATE_TEST_SUITE_P(AllAlgorithms, GpuPlan, ::testing::ValuesIn(plan_cases()),
                         [](const ::testing::TestParamInfo<PlanCase>& p) { return p.param.name(); });

TEST(GpuPlanErrors, ConstructorValidatesItsRequest) {
  SAT_REQUIRE_GPU();
  Options o;
  o.tile = 48;
  EXPECT_TRUE(test::ThrowsSatError(
      [&] {
        Plan p(ElementType::U8ToU32, {64, 64}, o);
      },
      ErrorCode::InvalidArgument, "sat::workspace_size", {"tile"}));
  o.tile = 128;
  EXPECT_TRUE(test::ThrowsSatError(
      [&] {
        Plan p(ElementType::U8ToSumSq, {64, 64}, o);
      },
      ErrorCode::Unsupported, "sat::workspace_size", {"128"}));
  EXPECT_TRUE(test::ThrowsSatError(
      [&] {
        Plan p(ElementType::U8ToU32, {0, 64}, Options{});
      },
      ErrorCode::InvalidArgument, "sat::workspace_size", {"width"}));
}

}  // namespace
}  // namespace sat
