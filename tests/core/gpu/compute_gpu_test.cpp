// sat::compute on the device against the host reference: every algorithm × every tile it offers
// × every element type × sizes around the tile (1×1, 1×N, N×1, W−1, W, W+1, 2W+1, square and
// mixed), primes, HD frames, seeded random sizes, and one large image.
//
// Each case: a seeded random input (floats in [-1, 1), and a positive-only variant), the output
// poisoned with 0xA5 and the input's padding with 0xFF; compute() with a workspace of exactly
// workspace_size() bytes that holds garbage; then every pixel is checked (integer types exact,
// float types within the bound of float_tolerance() in sat_test_util.cpp against a float64
// reference), the padding must still be poisoned and the input untouched; then a second run with
// the stale workspace into a re-poisoned output must give identical bytes.
//
// Test names read <Algorithm>_<Tile>_<Type>_<h>x<w>_<Layout>[_Pos], e.g.
// SatCompute/GpuCompute.Run/SkssLb_W128_U8ToU32_1009x997_Pitched, so
//   satcore_gpu_tests --gtest_filter='*SkssLb_W64*'
// picks one algorithm and tile (e.g. for compute-sanitizer; '*Skss_*' is 1R1W-SKSS without -LB). The random sizes
// derive from $SATLAB_TEST_SEED (default in sat_test_util.cpp); every failure message carries the seed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <ostream>
#include <random>
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

struct GpuCase {
  Algorithm algorithm = Algorithm::SkssLb1R1W;
  int tile = 0;  // 0: default (tiled) or none (2R2W)
  ElementType type = ElementType::U8ToU32;
  Extent extent;
  Layout layout = Layout::Packed;
  Fill fill = Fill::Signed;
  bool cache = true;  // fixed sizes share their reference across algorithms

  std::string name() const {
    std::string tile_name = !is_tiled(algorithm) ? "Untiled" : tile == 0 ? "Wdef" : "W" + std::to_string(tile);
    return test::short_name(algorithm) + "_" + tile_name + "_" + test::short_name(type) + "_" +
           std::to_string(extent.height) + "x" + std::to_string(extent.width) + "_" + test::layout_name(layout) +
           (fill == Fill::Positive ? "_Pos" : "");
  }
};

// gtest prints parameters in failure lines; the name says it all.
void PrintTo(const GpuCase& c, std::ostream* os) { *os << c.name(); }

// Runs one case; all assertions inside (call from a test body, check HasFatalFailure after).
void check_compute(const GpuCase& c) {
  Options opt;
  opt.algorithm = c.algorithm;
  opt.tile = c.tile;
  const auto input = test::cached_input(c.type, c.extent, c.fill, c.cache);
  SCOPED_TRACE(test::describe(opt, c.type, c.extent, c.layout) + ", input seed " + std::to_string(input->seed) +
               (c.fill == Fill::Positive ? " (positive floats)" : "") +
               ", SATLAB_TEST_SEED=" + std::to_string(test::master_seed()));

  test::DeviceProblem dp(input->image, c.layout);
  const test::DeviceBuffer ws = test::garbage_workspace(c.type, c.extent, opt);
  const cudaStream_t stream = test::test_stream();

  // Reused page-locked download buffers (the suite moves ~20 GB of outputs to the host).
  static test::PinnedBuffer first_buffer, second_buffer;
  const std::size_t bytes = dp.output_bytes();
  unsigned char* const first = first_buffer.reserve(bytes);
  unsigned char* const second = second_buffer.reserve(bytes);

  ASSERT_NO_THROW(compute(dp.problem(), opt, ws.get(), ws.size(), stream));
  ASSERT_NO_THROW(test::sync_stream(stream, "first compute"));
  dp.download_output(first);
  ASSERT_TRUE(test::output_matches(input->reference, dp, first));
  ASSERT_TRUE(dp.input_unchanged()) << "compute() wrote to its input";

  // Again, with the workspace as the first run left it and a freshly poisoned output.
  dp.poison_output(stream);
  ASSERT_NO_THROW(compute(dp.problem(), opt, ws.get(), ws.size(), stream));
  ASSERT_NO_THROW(test::sync_stream(stream, "second compute"));
  dp.download_output(second);
  ASSERT_EQ(std::memcmp(first, second, bytes), 0) << "a second run on the same input gave different bytes";

  // Tile 0 is the default tile: the same kernels, the same bits.
  if (c.tile == 0 && is_tiled(c.algorithm)) {
    Options explicit_tile = opt;
    explicit_tile.tile = default_tile(c.algorithm, c.type);
    const test::DeviceBuffer ws2 = test::garbage_workspace(c.type, c.extent, explicit_tile);
    dp.poison_output(stream);
    ASSERT_NO_THROW(compute(dp.problem(), explicit_tile, ws2.get(), ws2.size(), stream));
    ASSERT_NO_THROW(test::sync_stream(stream, "compute with the explicit default tile"));
    dp.download_output(second);
    ASSERT_EQ(std::memcmp(first, second, bytes), 0) << "tile 0 and tile " << explicit_tile.tile << " differ";
  }
}

class GpuCompute : public ::testing::TestWithParam<GpuCase> {};

TEST_P(GpuCompute, Run) {
  SAT_REQUIRE_GPU();
  check_compute(GetParam());
}

// ---------------------------------------------------------------------------------------------
// The cases.

// Sizes that depend on the tile W, as (height, width, layout).
struct SizeSpec {
  int h, w;
  Layout layout;
};

std::vector<SizeSpec> tile_sizes(int W) {
  return {
      {W - 1, W - 1, Layout::Pitched},        {W, W, Layout::Packed},          {W + 1, W + 1, Layout::Pitch512},
      {2 * W + 1, 2 * W + 1, Layout::Offset}, {W - 1, W + 1, Layout::Packed},  {W + 1, 2 * W + 1, Layout::Pitched},
      {2 * W + 1, W - 1, Layout::Offset},     {3, 2 * W + 1, Layout::Pitched}, {2 * W + 1, 3, Layout::Packed},
  };
}

// Sizes for every configuration.
const std::vector<SizeSpec>& fixed_sizes() {
  static const std::vector<SizeSpec> sizes = {
      {1, 1, Layout::Packed},          // one pixel
      {1, 2053, Layout::Packed},       // one row
      {2053, 1, Layout::Pitched},      // one column
      {999, 1001, Layout::Packed},     // width 1001 u8 with pitch 1001: odd, unaligned rows
      {1009, 997, Layout::Pitched},    // primes
      {1080, 1920, Layout::Pitch512},  // an HD frame
      {4321, 1234, Layout::Pitched},   // tall, many tiles
  };
  return sizes;
}

void add_config(std::vector<GpuCase>& out, std::set<std::string>& names, Algorithm a, int tile, ElementType t) {
  auto add = [&](int h, int w, Layout layout, Fill fill, bool cache) {
    GpuCase c;
    c.algorithm = a;
    c.tile = tile;
    c.type = t;
    c.extent = {w, h};
    c.layout = layout;
    c.fill = fill;
    c.cache = cache;
    if (names.insert(c.name()).second) out.push_back(c);
  };
  if (is_tiled(a) && tile == 0) {  // the default tile: a few sizes, checked against its explicit value too
    const int W = default_tile(a, t);
    add(W + 1, W + 1, Layout::Pitched, Fill::Signed, true);
    add(1009, 997, Layout::Pitched, Fill::Signed, true);
    return;
  }
  std::vector<int> widths = {tile};
  if (!is_tiled(a)) widths.assign(std::begin(kTileSizes), std::end(kTileSizes));
  for (const SizeSpec& s : fixed_sizes()) add(s.h, s.w, s.layout, Fill::Signed, true);
  for (int W : widths)
    for (const SizeSpec& s : tile_sizes(W)) add(s.h, s.w, s.layout, Fill::Signed, true);
  if (test::is_float(t)) {
    for (int W : widths) add(2 * W + 1, 2 * W + 1, Layout::Pitched, Fill::Positive, true);
    add(1080, 1920, Layout::Packed, Fill::Positive, true);
  }
  // Seeded random sizes, per configuration.
  std::mt19937_64 rng(test::mix_seed(test::master_seed(), std::uint64_t(a), std::uint64_t(tile), std::uint64_t(t)));
  for (int k = 0; k < 2; ++k) {
    const int h = int(1 + rng() % 1536), w = int(1 + rng() % 1536);
    add(h, w, Layout(rng() % 4), Fill::Signed, false);
  }
}

// Type outermost: the reference cache holds one type at a time.
std::vector<GpuCase> all_cases() {
  std::vector<GpuCase> out;
  std::set<std::string> names;
  for (ElementType t : kAllElementTypes)
    for (Algorithm a : kAllAlgorithms) {
      if (!is_tiled(a)) {
        add_config(out, names, a, 0, t);
        continue;
      }
      for (int W : kTileSizes)
        if (supports(a, t, W)) add_config(out, names, a, W, t);
      add_config(out, names, a, 0, t);
    }
  return out;
}

INSTANTIATE_TEST_SUITE_P(SatCompute, GpuCompute, ::testing::ValuesIn(all_cases()),
                         [](const ::testing::TestParamInfo<GpuCase>& p) { return p.param.name(); });

// ---------------------------------------------------------------------------------------------
// One large image: 8192 × 8192 u8 → u32 with 1R1W-SKSS-LB (65 536 tiles of 32², 4096 of 128²).
// Its corner sum (~8.6·10⁹) also wraps around 2³².
TEST(GpuComputeLarge, SkssLb_Wdef_U8ToU32_8192x8192_Packed) {
  SAT_REQUIRE_GPU();
  GpuCase c;
  c.algorithm = Algorithm::SkssLb1R1W;
  c.tile = 0;
  c.type = ElementType::U8ToU32;
  c.extent = {8192, 8192};
  c.layout = Layout::Packed;
  c.cache = false;
  check_compute(c);
}

TEST(GpuComputeLarge, SkssLb_W32_U8ToU32_8192x8200_Pitched) {
  SAT_REQUIRE_GPU();
  GpuCase c;
  c.algorithm = Algorithm::SkssLb1R1W;
  c.tile = 32;
  c.type = ElementType::U8ToU32;
  c.extent = {8200, 8192};
  c.layout = Layout::Pitched;
  c.cache = false;
  check_compute(c);
}

// ---------------------------------------------------------------------------------------------
// Every kernel 1R1W-SKSS-LB may pick (one wave, ring, pipelined) for 4-, 8- and 16-byte sums, on
// images of growing size: the first size at which each kernel runs is checked like any case, and
// on Hopper, where the choice is tuned (and the ring's shared memory is there), every kernel the
// tuning promises must have run (skss_lb_1r1w_kernel says which one a call takes).
TEST(GpuSkssLbKernels, EveryKernelEqualsTheReference) {
  SAT_REQUIRE_GPU();
  struct Config {
    ElementType type;
    int tile;
    std::vector<detail::SkssLbKernel> expected;
  };
  using K = detail::SkssLbKernel;
  const std::vector<Config> configs = {
      {ElementType::F32ToF32, 128, {K::OneWave, K::Ring}}, {ElementType::U8ToU32, 128, {K::OneWave, K::Ring}},
      {ElementType::F32ToF32, 32, {K::OneWave, K::Ring}},  {ElementType::U8x4ToU32x4, 64, {K::Pipelined, K::Ring}},
      {ElementType::F32x2ToF32x2, 64, {K::Pipelined}},
  };
  int device = 0;
  cudaDeviceProp prop{};
  ASSERT_EQ(cudaGetDevice(&device), cudaSuccess);
  ASSERT_EQ(cudaGetDeviceProperties(&prop, device), cudaSuccess);
  const bool hopper = prop.major == 9;
  for (const Config& config : configs) {
    std::set<K> seen;
    // Squares of odd sizes (partial edge tiles), growing by ~1.4 until every expected kernel ran.
    for (int n = config.tile + 3; n <= 12000 && seen.size() < config.expected.size(); n = n * 7 / 5 + 1) {
      const Extent extent{n, n};
      const K kernel = detail::skss_lb_1r1w_kernel(config.type, extent, config.tile, 1, true);
      if (!seen.insert(kernel).second) continue;
      GpuCase c;
      c.tile = config.tile;
      c.type = config.type;
      c.extent = extent;
      c.layout = Layout::Pitch512;  // rows aligned for every kernel's wide loads, as predicted above
      c.cache = false;
      check_compute(c);
      if (HasFatalFailure()) return;
    }
    if (!hopper) continue;  // every kernel that ran was checked; which ones run is tuned on Hopper
    for (K k : config.expected)
      EXPECT_TRUE(seen.count(k)) << test::short_name(config.type) << " W" << config.tile << ": kernel " << int(k)
                                 << " never ran";
  }
}

// The ring kernel's other way in: on Hopper it fills its stage with one tensor copy per tile where
// the input's rows are 16-byte aligned (as above), with each thread's cp.async where they are only
// aligned for the tile's chunks — Pitch8, 8 bytes past a multiple of 16 — at the first odd size
// the ring takes. (f32 at W = 128 loads 16-byte chunks: it has no such layout.)
TEST(GpuSkssLbKernels, RingWithoutTensorCopiesEqualsTheReference) {
  SAT_REQUIRE_GPU();
  struct Config {
    ElementType type;
    int tile;
  };
  const Config configs[] = {{ElementType::U8ToU32, 128}, {ElementType::F32ToF32, 32}, {ElementType::U8x4ToU32x4, 64}};
  int rings = 0;
  for (const Config& config : configs) {
    int n = config.tile + 3;
    while (n <= 12000 &&
           detail::skss_lb_1r1w_kernel(config.type, {n, n}, config.tile, 1, true) != detail::SkssLbKernel::Ring)
      n = n * 7 / 5 + 1;
    if (n > 12000) continue;  // no ring on this device (it needs Hopper's shared memory per block)
    ++rings;
    GpuCase c;
    c.tile = config.tile;
    c.type = config.type;
    c.extent = {n, n};
    c.layout = Layout::Pitch8;
    c.cache = false;
    check_compute(c);
    if (HasFatalFailure()) return;
  }
  if (rings == 0) GTEST_SKIP() << "the ring kernel does not run on this device";
}

}  // namespace
}  // namespace sat
