// sat::compute_batch on the GPU: every algorithm × element type (default tile, and every tile
// of 1R1W-SKSS-LB) over batches of 1, 2, 3 and 17 pitched planes with gaps between them, against
// the host reference; a workspace of exactly batch_workspace_size() filled with garbage; the
// input left untouched; and two runs bit-identical. sat::Plan::run_batch on batches whose planes
// change from call to call.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <tuple>
#include <vector>

#include "algorithms/algorithms.h"
#include "batch_layout.h"
#include "cuda_test_support.h"
#include "sat/sat.h"
#include "sat_expect.h"
#include "sat_gpu_harness.h"
#include "sat_test_util.h"

namespace sat {
namespace {

struct BatchCase {
  Algorithm algorithm;
  int tile;
  ElementType type;
};

std::vector<BatchCase> cases() {
  std::vector<BatchCase> all;
  for (Algorithm a : kAllAlgorithms)
    for (ElementType t : kAllElementTypes) all.push_back({a, 0, t});
  for (int tile : kTileSizes)
    for (ElementType t : kAllElementTypes)
      if (supports(Algorithm::SkssLb1R1W, t, tile)) all.push_back({Algorithm::SkssLb1R1W, tile, t});
  return all;
}

using Param = std::tuple<BatchCase, int, Extent>;  // case, planes, extent

class GpuBatch : public ::testing::TestWithParam<Param> {};

// One batch against the reference (all assertions inside; check HasFatalFailure after).
// `input_rows`: the input layout (random_batch).
void check_batch(const BatchCase& c, int planes, Extent extent, int input_rows = 0) {
  const Options options{c.algorithm, c.tile};
  const auto seed = test::mix_seed(test::master_seed(), std::uint64_t(c.type), std::uint64_t(planes),
                                   std::uint64_t(extent.width) << 32 | std::uint64_t(extent.height));
  SCOPED_TRACE(test::describe(options, c.type, extent, test::Layout::Pitched) + ", planes " + std::to_string(planes) +
               ", input rows " + std::to_string(input_rows) + ", seed " + std::to_string(seed));
  const test::HostBatch b = test::random_batch(c.type, extent, planes, seed, input_rows);
  const test::BatchLayout& l = b.layout;
  test::DeviceBuffer in(l.in_bytes()), out(l.out_bytes());
  test::DeviceBuffer workspace(std::max<std::size_t>(1, batch_workspace_size(c.type, extent, planes, options)));
  const cudaStream_t stream = test::test_stream();
  test::cuda_check(cudaMemcpyAsync(in.get(), b.input.data(), b.input.size(), cudaMemcpyHostToDevice, stream), "upload");
  test::cuda_check(cudaMemsetAsync(workspace.get(), 0x5C, workspace.size(), stream), "garbage workspace");
  const Problem first{c.type, extent, in.get(), l.in_pitch, out.get(), l.out_pitch};

  std::vector<std::vector<unsigned char>> runs;
  for (int run = 0; run < 2; ++run) {
    test::cuda_check(cudaMemsetAsync(out.get(), test::kBatchOutputPoison, out.size(), stream), "poison");
    ASSERT_NO_THROW(compute_batch(first, l.batch(), options, workspace.get(),
                                  batch_workspace_size(c.type, extent, planes, options), stream));
    test::sync_stream(stream, "compute_batch");
    runs.emplace_back(out.size());
    test::cuda_check(cudaMemcpy(runs.back().data(), out.get(), out.size(), cudaMemcpyDeviceToHost), "download");
  }
  const std::string problem = test::check_batch_output(b, runs[0].data(), test::kGpuFloatDepth);
  ASSERT_TRUE(problem.empty()) << problem;
  EXPECT_TRUE(runs[0] == runs[1]) << "two runs of the same batch differ";
  std::vector<unsigned char> input_after(b.input.size());
  test::cuda_check(cudaMemcpy(input_after.data(), in.get(), in.size(), cudaMemcpyDeviceToHost), "download input");
  EXPECT_TRUE(input_after == b.input) << "the input was modified";
}

TEST_P(GpuBatch, EveryPlaneMatchesTheReference) {
  SAT_REQUIRE_GPU();
  const auto [c, planes, extent] = GetParam();
  check_batch(c, planes, extent);
}

std::string name(const ::testing::TestParamInfo<Param>& info) {
  const auto& [c, planes, e] = info.param;
  const std::string tile = !is_tiled(c.algorithm) ? "Untiled" : c.tile == 0 ? "Wdef" : "W" + std::to_string(c.tile);
  return test::short_name(c.algorithm) + "_" + tile + "_" + test::short_name(c.type) + "_P" + std::to_string(planes) +
         "_" + std::to_string(e.width) + "x" + std::to_string(e.height);
}

// Small planes in every count; the frame size of the suites with a few planes.
INSTANTIATE_TEST_SUITE_P(Small, GpuBatch,
                         ::testing::Combine(::testing::ValuesIn(cases()), ::testing::Values(1, 2, 3, 17),
                                            ::testing::Values(Extent{1, 1}, Extent{37, 29}, Extent{257, 130})),
                         name);
INSTANTIATE_TEST_SUITE_P(Frames, GpuBatch,
                         ::testing::Combine(::testing::ValuesIn(cases()), ::testing::Values(3),
                                            ::testing::Values(Extent{1920, 1080})),
                         name);

// 1R1W-SKSS-LB's ring kernel on batches: it runs only where the planes' rows are aligned for the
// tile's chunks, which GpuBatch's odd pitches are not. Three planes at the first odd size the
// ring takes, with the input's rows and planes 16-byte aligned (on Hopper one tensor copy per
// tile, the plane its third coordinate) and 8 bytes past that (each thread's cp.async; f32 at
// W = 128 loads 16-byte chunks, so its rows are never chunk-aligned without being 16-byte aligned).
TEST(GpuBatchRing, BothWaysInMatchTheReference) {
  SAT_REQUIRE_GPU();
  constexpr int kPlanes = 3;
  const BatchCase configs[] = {{Algorithm::SkssLb1R1W, 128, ElementType::F32ToF32},
                               {Algorithm::SkssLb1R1W, 128, ElementType::U8ToU32},
                               {Algorithm::SkssLb1R1W, 64, ElementType::U8x4ToU32x4}};
  int rings = 0;
  for (const BatchCase& c : configs) {
    int n = c.tile + 3;
    while (n <= 8000 &&
           detail::skss_lb_1r1w_kernel(c.type, {n, n}, c.tile, kPlanes, true) != detail::SkssLbKernel::Ring)
      n = n * 7 / 5 + 1;
    if (n > 8000) continue;  // no ring on this device (it needs Hopper's shared memory per block)
    ++rings;
    for (int input_rows : {16, 8}) {
      if (input_rows == 8 && c.type == ElementType::F32ToF32) continue;
      check_batch(c, kPlanes, {n, n}, input_rows);
      if (HasFatalFailure()) return;
    }
  }
  if (rings == 0) GTEST_SKIP() << "the ring kernel does not run on this device";
}

// A plan made for 3 planes runs batches of 1 to 3 planes and two sizes, alternating two inputs of
// each shape: with its workspace carried from call to call (no reset launch between calls of the
// same layout, lookback/epoch.cuh), a value left by the previous call must never be taken for
// this call's.
TEST(GpuPlanBatch, RepeatedBatchesSeeEachCallsInput) {
  SAT_REQUIRE_GPU();
  const Extent max{257, 130};
  const cudaStream_t stream = test::test_stream();
  for (Algorithm a : kAllAlgorithms)
    for (ElementType t : {ElementType::U8ToU32, ElementType::U8x4ToU32x4, ElementType::F32ToF32}) {
      const Options options{a, 0};
      Plan plan(t, max, options, 3);
      int call = 0;
      for (int planes : {3, 3, 1, 1, 3, 2, 2, 3})
        for (Extent extent : {max, Extent{37, 29}}) {
          const auto seed = test::mix_seed(test::master_seed(), std::uint64_t(t), std::uint64_t(call % 2),
                                           std::uint64_t(planes) << 32 | std::uint64_t(extent.width));
          SCOPED_TRACE(test::describe(options, t, extent, test::Layout::Pitched) + ", planes " +
                       std::to_string(planes) + ", call " + std::to_string(call) + ", seed " + std::to_string(seed));
          ++call;
          const test::HostBatch b = test::random_batch(t, extent, planes, seed);
          const test::BatchLayout& l = b.layout;
          test::DeviceBuffer in(l.in_bytes()), out(l.out_bytes());
          test::cuda_check(cudaMemcpyAsync(in.get(), b.input.data(), b.input.size(), cudaMemcpyHostToDevice, stream),
                           "upload");
          test::cuda_check(cudaMemsetAsync(out.get(), test::kBatchOutputPoison, out.size(), stream), "poison");
          ASSERT_NO_THROW(plan.run_batch({t, extent, in.get(), l.in_pitch, out.get(), l.out_pitch}, l.batch(), stream));
          test::sync_stream(stream, "Plan::run_batch");
          std::vector<unsigned char> result(out.size());
          test::cuda_check(cudaMemcpy(result.data(), out.get(), out.size(), cudaMemcpyDeviceToHost), "download");
          const std::string problem = test::check_batch_output(b, result.data(), test::kGpuFloatDepth);
          ASSERT_TRUE(problem.empty()) << problem;
        }
    }
}

TEST(GpuPlanBatch, RejectsMorePlanesThanItWasMadeFor) {
  SAT_REQUIRE_GPU();
  Plan plan(ElementType::U8ToU32, {64, 64}, Options{}, 2);
  const test::HostBatch b = test::random_batch(ElementType::U8ToU32, {64, 64}, 3, 7);
  const test::BatchLayout& l = b.layout;
  test::DeviceBuffer in(l.in_bytes()), out(l.out_bytes());
  EXPECT_TRUE(test::ThrowsSatError(
      [&] {
        plan.run_batch({l.type, l.extent, in.get(), l.in_pitch, out.get(), l.out_pitch}, l.batch(),
                       test::test_stream());
      },
      ErrorCode::InvalidArgument, "sat::Plan::run", {"3 planes", "2"}));
}

}  // namespace
}  // namespace sat
