// The CPU backend's vectorized steps against their scalar definitions: the running sums along a
// row (prefix_sums.h, SSE2 for u32 and 1, 3, 4 channels), the column-sum update (column_sums.h,
// AVX2 where the CPU has it) and the fp32 rounding without
// nearbyint (rounded_rows.h), on random data, every channel count 1–5 and lengths around the
// vector width.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "filters/column_sums.h"
#include "filters/prefix_sums.h"
#include "filters/rounded_rows.h"

namespace sat::filters {
namespace {

template <class Acc>
void check_running_sums() {
  std::mt19937_64 rng(29);
  for (std::size_t cn = 1; cn <= 5; ++cn)
    for (std::size_t pixels : {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33, 640, 1921}) {
      const std::size_t n = pixels * cn;
      // Large values too, so that the sums wrap around modulo 2^bits(Acc).
      std::vector<Acc> v(n + kRunningSumsSlack), got(n + cn + kRunningSumsSlack, Acc(0xA5A5A5A5u)), want(n + cn);
      for (std::size_t e = 0; e < n; ++e) v[e] = Acc(rng());
      v[n] = Acc(rng());  // the slack element: read, never summed
      for (std::size_t c = 0; c < cn; ++c) want[c] = 0;
      for (std::size_t e = 0; e < n; ++e) want[e + cn] = want[e] + v[e];
      running_sums(v.data(), got.data(), n, cn);
      for (std::size_t e = 0; e < n + cn; ++e)
        ASSERT_EQ(got[e], want[e]) << "cn " << cn << ", " << pixels << " pixels, element " << e;
    }
}

TEST(RunningSums, U32MatchesTheScalarDefinition) { check_running_sums<uint32_t>(); }
TEST(RunningSums, U64MatchesTheScalarDefinition) { check_running_sums<uint64_t>(); }

TEST(MoveColumnSums, MatchesTheScalarDefinition) {
  std::mt19937_64 rng(7);
  for (std::size_t n : {1, 7, 15, 16, 17, 31, 32, 33, 63, 64, 65, 5761}) {
    std::vector<uint8_t> in(n), out(n);
    std::vector<uint32_t> col(n + 1, 0xA5A5A5A5u), want(n);
    for (std::size_t e = 0; e < n; ++e) {
      in[e] = uint8_t(rng());
      out[e] = uint8_t(rng());
      col[e] = uint32_t(rng());  // any value: the update wraps around modulo 2^32
      want[e] = col[e] + uint32_t(in[e]) - uint32_t(out[e]);
    }
    move_column_sums_u32(col.data(), in.data(), out.data(), n);
    for (std::size_t e = 0; e < n; ++e) ASSERT_EQ(col[e], want[e]) << "n " << n << ", element " << e;
    EXPECT_EQ(col[n], 0xA5A5A5A5u) << "wrote past the row, n " << n;
  }
}

TEST(RoundF32ProductSmall, EqualsNearbyintForEverySumOfSeveralKernelAreas) {
  // Every box sum s = 0 … 255·N of kernel areas around the fp32 regime's ends and its ties.
  for (int64_t area : {257, 282, 961, 1000, 4096, 65025, 1 << 20, 1 << 23}) {
    const BoxRounding r = make_box_rounding(area, 1 << 20);
    ASSERT_EQ(r.mode, BoxRounding::Float32Or64);
    const int64_t last = 255 * area, step = area > 100000 ? 997 : 1;
    for (int64_t s = 0; s <= last; s += step)
      ASSERT_EQ(round_f32_product_small(int32_t(s), r.fscale), round_f32_product(uint64_t(s), r.fscale))
          << "area " << area << ", sum " << s;
    ASSERT_EQ(round_f32_product_small(int32_t(last), r.fscale), round_f32_product(uint64_t(last), r.fscale));
  }
}

}  // namespace
}  // namespace sat::filters
