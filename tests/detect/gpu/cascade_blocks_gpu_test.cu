// The CUDA backend's building blocks on the device, against sequential host references: the
// skip rule as a warp ballot over 32 positions (skip_rule.h) and the in-order warp compaction
// (warp_append.cuh), with the same calling pattern as the cascade kernels.
#include <gtest/gtest.h>

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "cuda_test_support.h"
#include "detect/skip_rule.h"
#include "detect/warp_append.cuh"

namespace {

using sat::test::DeviceBuffer;

// One warp per row of `cols` positions: rejected[row · cols + c] → evaluated[...] (0/1), as
// first_stage_kernel derives it.
__global__ void skip_rule_rows_kernel(const uint8_t* rejected, int rows, int cols, uint8_t* evaluated) {
  const int row = int(blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32);
  if (row >= rows) return;
  const int lane = int(threadIdx.x & 31u);
  bool first_evaluated = true;
  for (int base = 0; base < cols; base += 32) {
    const int c = base + lane;
    const bool inside = c < cols;
    const uint32_t word = __ballot_sync(0xffffffffu, inside && rejected[row * cols + c] != 0);
    const bool e = sat::detect::skip_rule_evaluated(word, first_evaluated, lane);
    first_evaluated = sat::detect::skip_rule_evaluated(word, first_evaluated, 32);
    if (inside) evaluated[row * cols + c] = e ? 1 : 0;
  }
}

// Grid-stride over warps of 32 items: item i kept when keep[i]; out receives the indices.
__global__ void append_kernel(const uint8_t* keep, unsigned n, unsigned* out, unsigned* count) {
  const unsigned warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32u, warps = gridDim.x * blockDim.x / 32u;
  for (unsigned base = warp * 32u; base < n; base += warps * 32u) {
    const unsigned i = base + (threadIdx.x & 31u);
    sat::detect::warp_append(i < n && keep[i] != 0, i, out, count);
  }
}

template <class T>
void upload(DeviceBuffer& d, const std::vector<T>& h) {
  sat::test::cuda_check(cudaMemcpy(d.get(), h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice), "cudaMemcpy");
}
template <class T>
std::vector<T> download(const DeviceBuffer& d, std::size_t n) {
  std::vector<T> h(n);
  sat::test::cuda_check(cudaMemcpy(h.data(), d.get(), n * sizeof(T), cudaMemcpyDeviceToHost), "cudaMemcpy");
  return h;
}

TEST(CascadeBlocksGpu, SkipRuleBallotEqualsTheSequentialWalk) {
  SAT_REQUIRE_GPU();
  std::mt19937 rng(17);
  for (const int cols : {1, 31, 32, 33, 64, 100, 961, 1536}) {
    const int rows = 300;
    std::vector<uint8_t> rejected(std::size_t(rows) * std::size_t(cols));
    for (int r = 0; r < rows; ++r) {
      const double p = double(r) / rows;  // rejection rates from none to all: long runs too
      for (int c = 0; c < cols; ++c) rejected[std::size_t(r * cols + c)] = std::bernoulli_distribution(p)(rng) ? 1 : 0;
    }
    DeviceBuffer d_rejected(rejected.size()), d_evaluated(rejected.size());
    upload(d_rejected, rejected);
    skip_rule_rows_kernel<<<unsigned((rows + 7) / 8), 256>>>(static_cast<const uint8_t*>(d_rejected.get()), rows, cols,
                                                             static_cast<uint8_t*>(d_evaluated.get()));
    sat::test::cuda_check(cudaGetLastError(), "skip_rule_rows_kernel");
    const std::vector<uint8_t> evaluated = download<uint8_t>(d_evaluated, rejected.size());
    for (int r = 0; r < rows; ++r) {
      // CascadeClassifierInvoker's walk.
      std::vector<uint8_t> expected(std::size_t(cols), 0);
      for (int c = 0; c < cols; ++c) {
        expected[std::size_t(c)] = 1;
        if (rejected[std::size_t(r * cols + c)]) ++c;
      }
      const std::vector<uint8_t> got(evaluated.begin() + r * cols, evaluated.begin() + (r + 1) * cols);
      ASSERT_EQ(got, expected) << "cols " << cols << " row " << r;
    }
  }
}

TEST(CascadeBlocksGpu, WarpAppendKeepsEachFlaggedItemOnceInLaneOrder) {
  SAT_REQUIRE_GPU();
  std::mt19937 rng(3);
  for (const unsigned n : {1u, 31u, 32u, 1000u, 123457u, 2000000u}) {
    for (const double p : {0.0, 0.03, 0.5, 1.0}) {
      std::vector<uint8_t> keep(n);
      std::vector<unsigned> expected;
      for (unsigned i = 0; i < n; ++i) {
        keep[i] = std::bernoulli_distribution(p)(rng) ? 1 : 0;
        if (keep[i]) expected.push_back(i);
      }
      DeviceBuffer d_keep(n), d_out(std::max<std::size_t>(n, 1) * sizeof(unsigned)), d_count(sizeof(unsigned));
      upload(d_keep, keep);
      sat::test::cuda_check(cudaMemset(d_count.get(), 0, sizeof(unsigned)), "cudaMemset");
      append_kernel<<<264, 256>>>(static_cast<const uint8_t*>(d_keep.get()), n, static_cast<unsigned*>(d_out.get()),
                                  static_cast<unsigned*>(d_count.get()));
      sat::test::cuda_check(cudaGetLastError(), "append_kernel");
      const unsigned count = download<unsigned>(d_count, 1)[0];
      ASSERT_EQ(count, expected.size()) << "n " << n << " p " << p;
      const std::vector<unsigned> out = download<unsigned>(d_out, count);
      // Each warp's kept items are contiguous and ascending (lane order) …
      for (std::size_t k = 1; k < out.size(); ++k)
        if (out[k] / 32 == out[k - 1] / 32) ASSERT_GT(out[k], out[k - 1]) << "position " << k;
      std::vector<std::size_t> runs(n / 32 + 1, 0);
      for (std::size_t k = 0; k < out.size(); ++k)
        if (k == 0 || out[k] / 32 != out[k - 1] / 32) ++runs[out[k] / 32];
      for (const std::size_t r : runs) ASSERT_LE(r, 1u) << "a warp's items are split";
      // … and together they are exactly the kept items.
      std::vector<unsigned> sorted = out;
      std::sort(sorted.begin(), sorted.end());
      ASSERT_EQ(sorted, expected) << "n " << n << " p " << p;
    }
  }
}

}  // namespace
