// The shadow demo's CUDA moment table (MomentTableCuda) against the CPU table of
// build_moment_table_cpu and an exact reference: every MomentPrecision, sizes from one texel to
// 2048², every SAT algorithm at its default tile and 1r1w-skss-lb at tiles 32/64/128. Fixed32 is
// integer arithmetic: bit-identical to the CPU table. fp32 tables sum in another order on the GPU:
// every entry within γ_d · S_abs of the exact sum, and box queries within the bound of
// moment_table_test.cpp (derivation there), with the GPU's depth:
//   d(x, y) = x + y + 2 + 64 + 2 · (size/32 + 1).
// x + y + 2 are the row and column chains; the tiled algorithms add, per direction, at most one
// carry addition per tile crossed (≤ size/32 + 1 tiles of W ≥ 32); 64 covers the in-tile scan
// trees, look-back sums and the corner carries (satcore's own suites use 64 for these, see
// float_tolerance in tests/support/sat_test_util.cpp). The bound is loose; a lost carry or a read
// of the wrong texel is far above it. Skipped without a CUDA device.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ostream>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/cuda/cuda_check.h"
#include "cuda_test_support.h"
#include "moment_test_data.h"
#include "sat/sat.h"
#include "scenes/shadows/moment_encoding.h"
#include "scenes/shadows/moment_table.h"
#include "scenes/shadows/moment_table_cuda.h"
#include "scenes/shadows/shadow_settings.h"

namespace satlab {
// GoogleTest prints the parameter with this (argument-dependent lookup): "fixed32", not bytes.
void PrintTo(MomentPrecision precision, std::ostream* os) { *os << to_string(precision); }
}  // namespace satlab

namespace satlab::shadows {
namespace {

using namespace test;

// kU, gamma_n, light_view_moments, ExactTable, test_boxes: moment_test_data.h
int gpu_extra_depth(int size) { return 2 + 64 + 2 * (size / 32 + 1); }
// sat::cpu_parallel's depth beyond x + y (moment_table_test.cpp): 3 + bands, bands ≤ size/16.
int cpu_extra_depth(int size) { return 3 + std::max(1, size / 16); }

sat::f32x2 float_tap(const void* table, std::size_t pitch, int x, int y) {
  sat::f32x2 v{0, 0};
  if (x >= 0 && y >= 0)
    std::memcpy(&v, static_cast<const uint8_t*>(table) + std::size_t(y) * pitch + x * kTexel, kTexel);
  return v;
}

struct Bound {
  double mean = 0, mean_sq = 0;
};

// The fp32 box bound of moment_table_test.cpp with d(x, y) = x + y + extra_depth.
Bound float_box_bound(const void* table, std::size_t pitch, bool centered, const ExactTable& abs, int extra_depth,
                      const Box& b) {
  const int cx[4] = {b.x1, b.x0 - 1, b.x1, b.x0 - 1}, cy[4] = {b.y1, b.y1, b.y0 - 1, b.y0 - 1};
  double eps[2] = {0, 0};
  for (int c = 0; c < 2; ++c) {
    double sum_error = 0, taps = 0;
    for (int k = 0; k < 4; ++k) {
      if (cx[k] < 0 || cy[k] < 0) continue;
      sum_error += gamma_n(cx[k] + cy[k] + extra_depth) * from_units(abs.at(c, cx[k], cy[k]));
      const sat::f32x2 t = float_tap(table, pitch, cx[k], cy[k]);
      taps += std::fabs(double(c == 0 ? t.x : t.y));
    }
    eps[c] = (sum_error + gamma_n(3) * taps) / b.area() + kSlack;
  }
  if (!centered) return {eps[0], eps[1]};
  const double mean = eps[0] + 0.5 * kU;  // + the centred encoding's rounding
  return {mean, eps[1] + 2.5 * kU + mean};
}

// A size×size cudaArray of float2 moments, as the GL shadow map is while mapped.
class MomentsArray {
 public:
  MomentsArray(const std::vector<sat::f32x2>& moments, int size) {
    const cudaChannelFormatDesc format = cudaCreateChannelDesc<float2>();
    SAT_CUDA_CHECK(cudaMallocArray(&array_, &format, size, size));
    const std::size_t row = std::size_t(size) * sizeof(float2);
    SAT_CUDA_CHECK(cudaMemcpy2DToArray(array_, 0, 0, moments.data(), row, row, size, cudaMemcpyHostToDevice));
  }
  ~MomentsArray() {
    if (array_) cudaFreeArray(array_);
  }
  MomentsArray(const MomentsArray&) = delete;
  MomentsArray& operator=(const MomentsArray&) = delete;
  cudaArray_t get() const { return array_; }

 private:
  cudaArray_t array_ = nullptr;
};

std::vector<sat::Options> all_options() {
  std::vector<sat::Options> options;
  for (sat::Algorithm a : sat::kAllAlgorithms) options.push_back({a, 0, 0.25});
  for (int tile : sat::kTileSizes) options.push_back({sat::Algorithm::SkssLb1R1W, tile, 0.25});
  return options;
}

class MomentTableGpu : public ::testing::TestWithParam<MomentPrecision> {};

TEST_P(MomentTableGpu, MatchesTheCpuTableForEveryAlgorithm) {
  SAT_REQUIRE_GPU();
  const MomentPrecision precision = GetParam();
  const bool fixed = precision == MomentPrecision::Fixed32, centered = precision == MomentPrecision::Float32Centered;
  const sat::ElementType type = table_type(precision);
  MomentTableCuda cuda;  // one builder for all sizes and algorithms: reallocation and re-planning too
  for (int size : {1, 7, 65, 257, 1024, 2048}) {
    SCOPED_TRACE("size " + std::to_string(size));
    const std::vector<sat::f32x2> moments = light_view_moments(size, 3000 + size);
    const MomentsArray array(moments, size);
    std::vector<uint8_t> encoded, scratch, cpu;
    encode_moments_cpu(moments.data(), size, precision, encoded);
    build_moment_table_cpu(moments.data(), size, precision, scratch, cpu);
    const ExactTable raw(size, [&](std::size_t i, int c) { return grid_units(c == 0 ? moments[i].x : moments[i].y); });
    const auto* ef = reinterpret_cast<const sat::f32x2*>(encoded.data());
    auto enc_value = [&](std::size_t i, int c) { return grid_units(c == 0 ? ef[i].x : ef[i].y); };
    // Exact tables of the fp32 encoding (unused for Fixed32, whose reference is the CPU table).
    const ExactTable enc(fixed ? 1 : size, [&](std::size_t i, int c) { return fixed ? 0 : enc_value(i, c); });
    const ExactTable enc_abs(fixed ? 1 : size,
                             [&](std::size_t i, int c) { return fixed ? 0 : std::abs(enc_value(i, c)); });
    const std::vector<Box> boxes = test_boxes(size, fixed ? kMaxBoxTexels : size, 500 + size, 300);
    const std::size_t cpu_pitch = std::size_t(size) * kTexel;
    const int gpu_extra = gpu_extra_depth(size), cpu_extra = cpu_extra_depth(size);
    double worst_entry = 0, worst_box = 0;  // max err/bound over all algorithms and tiles (for the log)
    int runs = 0;

    for (const sat::Options& options : all_options()) {
      const std::string name = std::string(sat::to_string(options.algorithm)) + " tile " + std::to_string(options.tile);
      SCOPED_TRACE(name);
      if (!sat::supports(options.algorithm, type, options.tile)) {
        ADD_FAILURE() << name << " does not support " << sat::to_string(type);
        continue;
      }
      cuda.build(array.get(), size, precision, options, nullptr, nullptr);
      SAT_CUDA_CHECK(cudaDeviceSynchronize());
      ASSERT_EQ(cuda.size(), size);
      const std::size_t pitch = cuda.pitch();
      ASSERT_GE(pitch, cpu_pitch);
      std::vector<uint8_t> gpu(pitch * size);
      SAT_CUDA_CHECK(cudaMemcpy2D(gpu.data(), pitch, cuda.table(), pitch, cpu_pitch, size, cudaMemcpyDeviceToHost));
      ++runs;

      if (fixed) {
        std::size_t differing_rows = 0;
        for (int y = 0; y < size; ++y)
          differing_rows += std::memcmp(gpu.data() + y * pitch, cpu.data() + y * cpu_pitch, cpu_pitch) != 0;
        EXPECT_EQ(differing_rows, 0u) << "Fixed32 table differs from the CPU's (must be bit-identical)";
      } else {
        // Every entry: within γ_d · S_abs of the exact sum (GPU depth), and within the sum of the
        // GPU's and the CPU's bounds of the CPU table.
        std::size_t bad_exact = 0, bad_cpu = 0;
        double worst = 0;
        for (int y = 0; y < size; ++y)
          for (int x = 0; x < size; ++x) {
            const sat::f32x2 g = float_tap(gpu.data(), pitch, x, y), c = float_tap(cpu.data(), cpu_pitch, x, y);
            for (int ch = 0; ch < 2; ++ch) {
              const double gv = ch == 0 ? g.x : g.y, cv = ch == 0 ? c.x : c.y;
              const double s_abs = from_units(enc_abs.at(ch, x, y));
              const double bound = gamma_n(x + y + gpu_extra) * s_abs;
              const double err = std::fabs(gv - from_units(enc.at(ch, x, y)));
              bad_exact += !(err <= bound);
              bad_cpu += !(std::fabs(gv - cv) <= bound + gamma_n(x + y + cpu_extra) * s_abs);
              if (bound > 0) worst = std::max(worst, err / bound);
            }
          }
        EXPECT_EQ(bad_exact, 0u) << "entries beyond gamma_d * S_abs of the exact sum; worst err/bound " << worst;
        EXPECT_EQ(bad_cpu, 0u) << "entries beyond the bounds of the CPU table";
        worst_entry = std::max(worst_entry, worst);
      }

      // Box queries from the GPU table, as the shader makes them, against the float64 reference.
      std::size_t failures = 0;
      std::string first;
      for (const Box& b : boxes) {
        const BoxMoments got = query_box(gpu.data(), pitch, precision, b.x0, b.y0, b.x1, b.y1);
        const double area = b.area();
        const double ref_mean = from_units(raw.box(0, b.x0, b.y0, b.x1, b.y1)) / area;
        const double ref_mean_sq = from_units(raw.box(1, b.x0, b.y0, b.x1, b.y1)) / area;
        Bound bound{0.5 / kFixedScale + kSlack, 0.5 / kFixedScale + kSlack};
        if (!fixed) bound = float_box_bound(gpu.data(), pitch, centered, enc_abs, gpu_extra, b);
        const double e1 = std::fabs(got.mean - ref_mean), e2 = std::fabs(got.mean_sq - ref_mean_sq);
        const double var_bound = bound.mean_sq + 2 * std::fabs(ref_mean) * bound.mean + bound.mean * bound.mean;
        const double ev = std::fabs(got.variance() - (ref_mean_sq - ref_mean * ref_mean));
        worst_box = std::max({worst_box, e1 / bound.mean, e2 / bound.mean_sq, ev / var_bound});
        if (!(e1 <= bound.mean && e2 <= bound.mean_sq && ev <= var_bound) && failures++ == 0)
          first = "box [" + std::to_string(b.x0) + ", " + std::to_string(b.x1) + "]x[" + std::to_string(b.y0) + ", " +
                  std::to_string(b.y1) + "]: |dmean| " + std::to_string(e1) + " (bound " + std::to_string(bound.mean) +
                  "), |dmean_sq| " + std::to_string(e2) + " (bound " + std::to_string(bound.mean_sq) + ")";
      }
      EXPECT_EQ(failures, 0u) << failures << " of " << boxes.size() << " boxes out of bound; first: " << first;
    }
    std::printf("  %-13s size %4d: %2d algorithm/tile runs, worst entry err/bound %.3g, worst box err/bound %.3g\n",
                to_string(precision), size, runs, worst_entry, worst_box);
  }
}

INSTANTIATE_TEST_SUITE_P(Precisions, MomentTableGpu, ::testing::ValuesIn(kAllMomentPrecisions),
                         [](const ::testing::TestParamInfo<MomentPrecision>& param) {
                           switch (param.param) {
                             case MomentPrecision::Float32:
                               return std::string("Float32");
                             case MomentPrecision::Float32Centered:
                               return std::string("Float32Centered");
                             case MomentPrecision::Fixed32:
                               break;
                           }
                           return std::string("Fixed32");
                         });

}  // namespace
}  // namespace satlab::shadows
