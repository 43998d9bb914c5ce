// The band-sweep prototype (algorithms/band_sweep/, f32 → f32) against the double reference with
// its rounding bound: partial bands and chunks, one row, one column, more than 32 bands above a
// band (the look-back's window moves), pitched rows at 4-byte offsets (no 16-byte copies), three
// calls on one state (the epochs), and the same bits on every call; both kernels (kernel.cuh's
// lock-step one and decoupled_kernel.cuh's).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <tuple>
#include <vector>

#include "algorithms/band_sweep/kernel.cuh"
#include "algorithms/band_sweep/reference.h"
#include "cuda_test_support.h"

namespace sat::detail::band_sweep {
namespace {

using test::cuda_check;
using test::DeviceBuffer;

std::vector<float> random_nonzero(std::size_t n, std::uint32_t seed) {
  std::vector<float> v(n);
  std::uint32_t s = seed * 2654435761u + 12345u;
  for (float& x : v) {
    s = s * 1664525u + 1013904223u;
    const float m = 0.25f + 0.75f * float(s >> 8) / float(1u << 24);
    x = (s & 0x80u) ? -m : m;
  }
  return v;
}

template <class P>
void expect_band_sweep_matches(int height, int width, bool pitched) {
  using L = Launcher<P>;
  cuda_check(L::prepare(), "cudaFuncSetAttribute");
  const std::size_t in_pitch = pitched ? std::size_t(width) + 5 : std::size_t(width);  // floats
  const std::size_t out_pitch = pitched ? std::size_t(width) + 2 : std::size_t(width);
  const std::size_t offset = pitched ? 1 : 0;  // 4 bytes: not 16-byte aligned
  const std::vector<float> in = random_nonzero(std::size_t(height) * width, std::uint32_t(height * 7919 + width));
  DeviceBuffer d_in((in_pitch * height + offset) * 4), d_out((out_pitch * height + offset) * 4),
      state(L::state_bytes(height, width));
  float* in_p = static_cast<float*>(d_in.get()) + offset;
  float* out_p = static_cast<float*>(d_out.get()) + offset;
  cuda_check(cudaMemcpy2D(in_p, in_pitch * 4, in.data(), std::size_t(width) * 4, std::size_t(width) * 4, height,
                          cudaMemcpyHostToDevice),
             "upload");
  cuda_check(L::init_state(state.get(), height, width, nullptr), "init_state");
  std::vector<float> first(in.size()), got(in.size());
  for (int call = 0; call < 3; ++call) {
    cuda_check(cudaMemset(d_out.get(), 0xff, d_out.size()), "poison the output");  // NaN everywhere
    cuda_check(L::run(in_p, in_pitch * 4, out_p, out_pitch * 4, height, width, state.get(), nullptr), "launch");
    cuda_check(cudaDeviceSynchronize(), "band_sweep_kernel");
    cuda_check(cudaMemcpy2D((call == 0 ? first : got).data(), std::size_t(width) * 4, out_p, out_pitch * 4,
                            std::size_t(width) * 4, height, cudaMemcpyDeviceToHost),
               "download");
  }
  const Grid g = L::grid_of(height, width);
  EXPECT_EQ(
      mismatch_against_reference(in, got, height, width, addition_depth(g, P::kBandRows, P::kChunkCols, P::kScanWarps)),
      "")
      << height << "x" << width << (pitched ? " pitched" : "");
  EXPECT_EQ(std::memcmp(first.data(), got.data(), got.size() * 4), 0) << "calls 1 and 3 differ";
}

using Wide = Policy<32, 128, 4, 3, 4>;   // 16-byte copies, 4 columns a lane, 2 chunks loading ahead
using Narrow = Policy<16, 64, 3, 4, 3>;  // 8-byte runs, 2 rows a warp, 1 chunk ahead, partial fold batches
// The decoupled kernel: one chunk ahead and one parked (the tightest ring), and a deep ring with
// narrow chunks (more chunks per band than stages, several parked, partial fold batches).
using DecoupledWide = DecoupledPolicy<32, 128, 1, 1, 3, 4>;
using DecoupledNarrow = DecoupledPolicy<16, 64, 2, 3, 4, 3>;

class BandSweepGpu : public ::testing::TestWithParam<std::tuple<int, int, bool>> {};

TEST_P(BandSweepGpu, MatchesTheReference) {
  SAT_REQUIRE_GPU();
  const auto [height, width, pitched] = GetParam();
  expect_band_sweep_matches<Wide>(height, width, pitched);
  expect_band_sweep_matches<Narrow>(height, width, pitched);
}

TEST_P(BandSweepGpu, DecoupledMatchesTheReference) {
  SAT_REQUIRE_GPU();
  const auto [height, width, pitched] = GetParam();
  expect_band_sweep_matches<DecoupledWide>(height, width, pitched);
  expect_band_sweep_matches<DecoupledNarrow>(height, width, pitched);
}

INSTANTIATE_TEST_SUITE_P(Sizes, BandSweepGpu,
                         ::testing::Combine(::testing::Values(1, 15, 16, 17, 31, 33, 127, 1001),
                                            ::testing::Values(1, 63, 64, 65, 127, 129, 300), ::testing::Bool()));

// 70 bands of 16 rows (35 of 32): a band's nearest finished band may be more than 32 above.
TEST(BandSweepGpuLong, ManyBandsAbove) {
  SAT_REQUIRE_GPU();
  expect_band_sweep_matches<Wide>(1120, 200, false);
  expect_band_sweep_matches<Narrow>(1120, 200, true);
  expect_band_sweep_matches<Wide>(4100, 3 * 128 + 1, true);
}

TEST(BandSweepGpuLong, DecoupledManyBandsAbove) {
  SAT_REQUIRE_GPU();
  expect_band_sweep_matches<DecoupledWide>(1120, 200, false);
  expect_band_sweep_matches<DecoupledNarrow>(1120, 200, true);
  expect_band_sweep_matches<DecoupledWide>(4100, 3 * 128 + 1, true);
  // Many chunks per band (far more than the ring's stages) and many bands: the look-back warp
  // runs ahead of the scan warps and the bands above run behind, on every schedule.
  expect_band_sweep_matches<DecoupledNarrow>(2000, 2000, false);
  expect_band_sweep_matches<DecoupledWide>(3001, 4099, false);
}

}  // namespace
}  // namespace sat::detail::band_sweep
