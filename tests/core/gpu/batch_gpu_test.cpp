// sat::compute_batch on the GPU: every algorithm × element type (default tile, and every tile
// of 1R1W-SKSS-LB) over batches of 1, 2, 3 and 17 pitched planes with gaps between them, against
// the host reference; a workspace of exactly batch_workspace_size() filled with garbage; the
// input left untouched; and two runs bit-identical.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <tuple>
#include <vector>

#include "batch_layout.h"
#include "cuda_test_support.h"
#include "sat/sat.h"
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

TEST_P(GpuBatch, EveryPlaneMatchesTheReference) {
  SAT_REQUIRE_GPU();
  const auto [c, planes, extent] = GetParam();
  const Options options{c.algorithm, c.tile};
  const auto seed = test::mix_seed(test::master_seed(), std::uint64_t(c.type), std::uint64_t(planes),
                                   std::uint64_t(extent.width) << 32 | std::uint64_t(extent.height));
  SCOPED_TRACE(test::describe(options, c.type, extent, test::Layout::Pitched) + ", planes " + std::to_string(planes) +
               ", seed " + std::to_string(seed));
  const test::HostBatch b = test::random_batch(c.type, extent, planes, seed);
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

}  // namespace
}  // namespace sat
