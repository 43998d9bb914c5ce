// 16-bit input tables on the device (u16 → u32 wrapping, u16 → u64, u16 → SumSq, u16x4 → u32x4)
// against the host reference: every algorithm × every tile it offers on random full-range images
// (0 … 65535) at odd sizes and tile edges in every pitch layout; the wrap-around rule of u16 → u32
// (boxes of 65 537 pixels of 65535 exact from four wrapped corners, one more pixel not); u16 → u64
// exact on a large image of 65535s; and every 1R1W-SKSS-LB kernel (one wave, ring with and without
// tensor copies, pipelined) on 16-bit input. The general suites (compute_gpu_test.cpp,
// batch_gpu_test.cpp) run these types too, through kAllElementTypes.
//
// Names read U16GpuTables/GpuU16Compute.Run/<Algorithm>_<Tile>_<Type>, so
//   satcore_gpu_tests --gtest_filter='*U16*'
// runs everything 16-bit of this file.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "algorithms/algorithms.h"
#include "cuda_test_support.h"
#include "sat/sat.h"
#include "sat_gpu_harness.h"
#include "sat_test_util.h"

namespace sat {
namespace {

using test::Fill;
using test::Layout;

constexpr ElementType kU16Types[] = {ElementType::U16ToU32, ElementType::U16ToU64, ElementType::U16ToSumSq,
                                     ElementType::U16x4ToU32x4};

// One compute() of `image` in `layout` with `opt` on a garbage workspace, checked pixel by pixel
// against `ref` (and the padding still poisoned, the input untouched). Returns the packed table
// (empty after a failure).
std::vector<unsigned char> run_and_check(const test::HostImage& image, const test::Reference& ref, Layout layout,
                                         const Options& opt) {
  SCOPED_TRACE(test::describe(opt, image.type, image.extent, layout) +
               ", SATLAB_TEST_SEED=" + std::to_string(test::master_seed()));
  test::DeviceProblem dp(image, layout);
  const test::DeviceBuffer ws = test::garbage_workspace(image.type, image.extent, opt);
  const cudaStream_t stream = test::test_stream();
  EXPECT_NO_THROW(compute(dp.problem(), opt, ws.get(), ws.size(), stream));
  EXPECT_NO_THROW(test::sync_stream(stream, "compute"));
  const std::vector<unsigned char> out = dp.download_output();
  const ::testing::AssertionResult matches = test::output_matches(ref, dp, out);
  EXPECT_TRUE(matches);
  EXPECT_TRUE(dp.input_unchanged()) << "compute() wrote to its input";
  if (!matches) return {};
  // The table packed (W · output size per row), for box sums.
  const std::size_t row = std::size_t(image.extent.width) * output_element_size(image.type);
  std::vector<unsigned char> packed(row * std::size_t(image.extent.height));
  for (int i = 0; i < image.extent.height; ++i)
    std::memcpy(packed.data() + row * std::size_t(i), out.data() + dp.planes().out_offset + dp.planes().out_pitch * i,
                row);
  return packed;
}

struct U16Case {
  Algorithm algorithm;
  int tile;  // 0: default (tiled) or none (2R2W)
  ElementType type;
  std::string name() const {
    return test::short_name(algorithm) + "_" +
           (!is_tiled(algorithm) ? std::string("Untiled")
            : tile == 0          ? "Wdef"
                                 : "W" + std::to_string(tile)) +
           "_" + test::short_name(type);
  }
};
void PrintTo(const U16Case& c, std::ostream* os) { *os << c.name(); }

std::vector<U16Case> u16_cases() {
  std::vector<U16Case> out;
  for (ElementType t : kU16Types)
    for (Algorithm a : kAllAlgorithms) {
      out.push_back({a, 0, t});
      if (!is_tiled(a)) continue;
      for (int w : kTileSizes)
        if (supports(a, t, w)) out.push_back({a, w, t});
    }
  return out;
}

class GpuU16Compute : public ::testing::TestWithParam<U16Case> {};

// Random pixels over the whole 16-bit range at 1 × 1, odd sizes around the tiles (31 × 17,
// 129 × 65, 65 × 129) and a frame one pixel larger than HD each way (1921 × 1081), each in a
// different layout (packed, pitched, 512-byte pitches, offset pointers, 8-byte pitches).
TEST_P(GpuU16Compute, Run) {
  SAT_REQUIRE_GPU();
  const U16Case c = GetParam();
  Options opt;
  opt.algorithm = c.algorithm;
  opt.tile = c.tile;
  const struct {
    Extent extent;
    Layout layout;
  } sizes[] = {{{1, 1}, Layout::Packed},      {{31, 17}, Layout::Pitched}, {{17, 31}, Layout::Offset},
               {{129, 65}, Layout::Pitch512}, {{65, 129}, Layout::Pitch8}, {{1921, 1081}, Layout::Pitched},
               {{1921, 1081}, Layout::Packed}};
  for (const auto& s : sizes) {
    const auto input = test::cached_input(c.type, s.extent, Fill::Signed, true);
    SCOPED_TRACE("input seed " + std::to_string(input->seed));
    run_and_check(input->image, input->reference, s.layout, opt);
    if (HasFailure()) return;
  }
}

INSTANTIATE_TEST_SUITE_P(U16GpuTables, GpuU16Compute, ::testing::ValuesIn(u16_cases()),
                         [](const ::testing::TestParamInfo<U16Case>& p) { return p.param.name(); });

// u16 → u32 wraps modulo 2³²: in images of 65535s whose corners have wrapped, a 257 × 255 box
// (65 535 pixels) and a 1 × 65 537 box (65 537 · 65535 = 2³² − 1, the largest exact one) read
// exactly from four wrapped table values on every algorithm; 65 538 pixels come back wrapped.
TEST(GpuU16WrapAround, BoxesOfUpTo65537PixelsStayExact) {
  SAT_REQUIRE_GPU();
  const Extent square{280, 300}, row{65540, 3};
  const test::HostImage square_image = test::constant_input(ElementType::U16ToU32, square, 65535);
  const test::HostImage row_image = test::constant_input(ElementType::U16ToU32, row, 65535);
  const test::Reference square_ref = test::reference_sat(square_image), row_ref = test::reference_sat(row_image);
  for (Algorithm a : kAllAlgorithms) {
    Options opt;
    opt.algorithm = a;
    auto box = [](const std::vector<unsigned char>& t, Extent e, int top, int left, int bottom, int right) {
      auto b = [&](int i, int j) {
        std::uint32_t v = 0;
        if (i >= 0 && j >= 0) std::memcpy(&v, t.data() + (std::size_t(i) * e.width + j) * 4, 4);
        return v;
      };
      return std::uint32_t(b(bottom, right) - b(top - 1, right) - b(bottom, left - 1) + b(top - 1, left - 1));
    };
    const std::vector<unsigned char> s = run_and_check(square_image, square_ref, Layout::Pitched, opt);
    if (HasFailure()) return;
    EXPECT_EQ(box(s, square, 10, 7, 10 + 256, 7 + 254), 4294836225u) << to_string(a) << ": 257 x 255 x 65535";
    const std::vector<unsigned char> r = run_and_check(row_image, row_ref, Layout::Packed, opt);
    if (HasFailure()) return;
    EXPECT_EQ(box(r, row, 1, 2, 1, 2 + 65536), 4294967295u) << to_string(a) << ": 65537 x 65535";
    EXPECT_EQ(box(r, row, 2, 1, 2, 65537), 4294967295u) << to_string(a) << ": 65537 x 65535, last row";
    EXPECT_EQ(box(r, row, 1, 1, 1, 65538), std::uint32_t(65538ull * 65535)) << to_string(a) << ": wrapped";
  }
}

// u16 → u64 is exact far past 2³²: 4096 × 4100 pixels of 65535 (the corner ≈ 1.1 · 10¹²), every
// algorithm at its default tile.
TEST(GpuU16ToU64, ExactOnALargeImageOfMaxPixels) {
  SAT_REQUIRE_GPU();
  const Extent e{4096, 4100};
  const test::HostImage image = test::constant_input(ElementType::U16ToU64, e, 65535);
  const test::Reference ref = test::reference_sat(image);
  std::uint64_t corner = 0;
  std::memcpy(&corner, ref.exact.data() + ref.exact.size() - 8, 8);
  ASSERT_EQ(corner, 4096ull * 4100 * 65535);
  for (Algorithm a : kAllAlgorithms) {
    Options opt;
    opt.algorithm = a;
    run_and_check(image, ref, Layout::Pitch512, opt);
    if (HasFailure()) return;
  }
}

// Every kernel 1R1W-SKSS-LB picks for 16-bit input, on squares of growing odd size: the first
// size at which each kernel runs is checked, rows 512-byte aligned (every kernel's wide loads and
// the ring's tensor copies) and, for the ring, 8 bytes past a multiple of 16 (its cp.async way in).
TEST(GpuSkssLbKernels, SixteenBitInputOnEveryKernel) {
  SAT_REQUIRE_GPU();
  using K = detail::SkssLbKernel;
  struct Config {
    ElementType type;
    int tile;
  };
  const Config configs[] = {{ElementType::U16ToU32, 128},    {ElementType::U16ToU32, 32},
                            {ElementType::U16ToU64, 64},     {ElementType::U16ToSumSq, 64},
                            {ElementType::U16x4ToU32x4, 64}, {ElementType::U16x4ToU32x4, 32}};
  for (const Config& config : configs) {
    Options opt;
    opt.tile = config.tile;
    std::set<K> seen;
    for (int n = config.tile + 3; n <= 6000; n = n * 7 / 5 + 1) {
      const Extent extent{n, n};
      const K kernel = detail::skss_lb_1r1w_kernel(config.type, extent, config.tile, 1, true);
      if (!seen.insert(kernel).second) continue;
      const auto input = test::cached_input(config.type, extent, Fill::Signed, false);
      SCOPED_TRACE("kernel " + std::to_string(int(kernel)) + ", input seed " + std::to_string(input->seed));
      run_and_check(input->image, input->reference, Layout::Pitch512, opt);
      if (kernel == K::Ring) run_and_check(input->image, input->reference, Layout::Pitch8, opt);
      if (HasFailure()) return;
    }
  }
}

}  // namespace
}  // namespace sat
