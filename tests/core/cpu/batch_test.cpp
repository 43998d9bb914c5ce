// sat::cpu_parallel_batch and the batch rules shared with sat::compute_batch: every plane of a
// batch (1, 2, 3 and 17 planes, pitched, with gaps between planes) against the reference, for
// every element type; bad plane counts and strides rejected before anything is written.
#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

#include "batch_layout.h"
#include "sat/sat.h"
#include "sat_expect.h"
#include "sat_test_util.h"

namespace sat {
namespace {

constexpr int kCpuParallelDepth = 8;  // as in cpu_parallel_test.cpp

using Param = std::tuple<ElementType, int, Extent>;  // type, planes, extent

class CpuBatch : public ::testing::TestWithParam<Param> {};

TEST_P(CpuBatch, EveryPlaneMatchesTheReference) {
  const auto [type, planes, extent] = GetParam();
  const auto seed = test::mix_seed(test::master_seed(), std::uint64_t(type), std::uint64_t(planes),
                                   std::uint64_t(extent.width) << 32 | std::uint64_t(extent.height));
  SCOPED_TRACE("seed " + std::to_string(seed));
  const test::HostBatch b = test::random_batch(type, extent, planes, seed);
  std::vector<unsigned char> out(b.layout.out_bytes(), test::kBatchOutputPoison);
  const Problem first{type, extent, b.input.data(), b.layout.in_pitch, out.data(), b.layout.out_pitch};
  cpu_parallel_batch(first, b.layout.batch(), 3);
  const std::string problem = test::check_batch_output(b, out.data(), kCpuParallelDepth);
  EXPECT_TRUE(problem.empty()) << problem;
}

INSTANTIATE_TEST_SUITE_P(Types, CpuBatch,
                         ::testing::Combine(::testing::ValuesIn(kAllElementTypes), ::testing::Values(1, 2, 3, 17),
                                            ::testing::Values(Extent{1, 1}, Extent{33, 31}, Extent{130, 67})),
                         [](const ::testing::TestParamInfo<Param>& p) {
                           const Extent e = std::get<2>(p.param);
                           return test::short_name(std::get<0>(p.param)) + "_P" + std::to_string(std::get<1>(p.param)) +
                                  "_" + std::to_string(e.width) + "x" + std::to_string(e.height);
                         });

// Every way cpu_parallel_batch may split a batch: whole planes over the threads (more planes than
// threads, or planes too small to band), planes one after another through cpu_parallel's bands
// (few large planes), and the automatic choice (threads = 0) on both sides of its size threshold.
TEST(CpuBatchThreads, EverySplitMatchesTheReference) {
  struct Case {
    Extent extent;
    int planes;
  };
  // 64 × 64² = 2^18 elements (the automatic threshold), 5 × 3² (far below), 3 × 600×500 (banded).
  const std::vector<Case> cases = {{{64, 64}, 64}, {{64, 64}, 63}, {{3, 3}, 5},   {{600, 500}, 3},
                                   {{257, 33}, 2}, {{1, 1}, 1},    {{17, 300}, 7}};
  for (ElementType type : {ElementType::U8ToU32, ElementType::U8ToSumSq, ElementType::F32ToF32})
    for (const Case& c : cases)
      for (int threads : {0, 1, 2, 3, 5, 64, 100}) {
        const auto seed = test::mix_seed(test::master_seed(), std::uint64_t(type) << 32 | std::uint64_t(c.planes),
                                         std::uint64_t(threads), std::uint64_t(c.extent.width));
        SCOPED_TRACE(to_string(type) + std::string(" ") + std::to_string(c.planes) + " x " +
                     std::to_string(c.extent.width) + "x" + std::to_string(c.extent.height) + ", threads " +
                     std::to_string(threads) + ", seed " + std::to_string(seed));
        const test::HostBatch b = test::random_batch(type, c.extent, c.planes, seed);
        std::vector<unsigned char> out(b.layout.out_bytes(), test::kBatchOutputPoison);
        const Problem first{type, c.extent, b.input.data(), b.layout.in_pitch, out.data(), b.layout.out_pitch};
        cpu_parallel_batch(first, b.layout.batch(), threads);
        const std::string problem = test::check_batch_output(b, out.data(), kCpuParallelDepth);
        EXPECT_TRUE(problem.empty()) << problem;
      }
}

TEST(CpuBatchRejects, NegativeThreads) {
  std::vector<unsigned char> in(64, 1);
  std::vector<uint32_t> out(64, 0);
  const Problem first{ElementType::U8ToU32, {8, 8}, in.data(), 8, out.data(), 32};
  EXPECT_TRUE(test::ThrowsSatError(
      [&] {
        cpu_parallel_batch(first, {1, 0, 256}, -1);
      },
      ErrorCode::InvalidArgument, "sat::cpu_parallel_batch", {"threads must be >= 0"}));
  EXPECT_EQ(out[0], 0u);
}

// A 2-plane u8 batch over host buffers, for the rejection tests.
struct SmallBatch {
  std::vector<unsigned char> in = std::vector<unsigned char>(4096, 1);
  std::vector<uint32_t> out = std::vector<uint32_t>(4096, 0);
  Problem first{ElementType::U8ToU32, {16, 8}, in.data(), 16, out.data(), 64};
};

TEST(CpuBatchRejects, PlaneCountBelowOne) {
  SmallBatch s;
  EXPECT_TRUE(test::ThrowsSatError(
      [&] {
        cpu_parallel_batch(s.first, {0, 128, 512});
      },
      ErrorCode::InvalidArgument, "sat::cpu_parallel_batch", {"planes must be >= 1"}));
  EXPECT_TRUE(test::ThrowsSatError(
      [&] {
        batch_workspace_size(ElementType::U8ToU32, {16, 8}, -1, {});
      },
      ErrorCode::InvalidArgument, "sat::batch_workspace_size", {"planes must be >= 1"}));
}

TEST(CpuBatchRejects, OverlappingOutputPlanes) {
  SmallBatch s;
  // A plane of 8 rows × 64 bytes needs 7·64 + 64 = 512 bytes; 508 would overlap the next one.
  EXPECT_TRUE(test::ThrowsSatError(
      [&] {
        cpu_parallel_batch(s.first, {2, 128, 508});
      },
      ErrorCode::InvalidArgument, "sat::cpu_parallel_batch", {"output planes would overlap"}));
  EXPECT_EQ(s.out[0], 0u) << "nothing may be written before the batch is rejected";
}

TEST(CpuBatchRejects, MisalignedOutputStride) {
  SmallBatch s;
  EXPECT_TRUE(test::ThrowsSatError(
      [&] {
        cpu_parallel_batch(s.first, {2, 128, 514});
      },
      ErrorCode::InvalidArgument, "sat::cpu_parallel_batch", {"not a multiple of the element alignment"}));
}

TEST(CpuBatchRejects, OutputInsideTheInputPlanes) {
  SmallBatch s;
  // The first planes do not overlap, but the output starts inside the second input plane: the
  // check spans all planes, not just the first.
  Problem overlapping = s.first;
  overlapping.output = s.in.data() + 2048;
  overlapping.output_pitch = 64;
  EXPECT_TRUE(test::ThrowsSatError(
      [&] {
        cpu_parallel_batch(overlapping, {2, 2048, 512});
      },
      ErrorCode::InvalidArgument, "sat::cpu_parallel_batch", {"input and output planes overlap"}));
}

TEST(CpuBatch, ZeroInputStrideRepeatsOnePlane) {
  SmallBatch s;
  for (std::size_t i = 0; i < 128; ++i) s.in[i] = static_cast<unsigned char>(i % 7 + 1);
  cpu_parallel_batch(s.first, {3, 0, 512}, 1);
  std::vector<uint32_t> expected(128);
  cpu_reference({ElementType::U8ToU32, {16, 8}, s.in.data(), 16, expected.data(), 64});
  for (int k = 0; k < 3; ++k)
    for (int i = 0; i < 128; ++i)
      ASSERT_EQ(s.out[std::size_t(k) * 128 + std::size_t(i)], expected[std::size_t(i)]) << "plane " << k << " at " << i;
}

}  // namespace
}  // namespace sat
