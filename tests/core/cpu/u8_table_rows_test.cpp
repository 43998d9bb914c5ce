// u8_table_row (SSE2 and AVX2 running sums of a u8 → u32 table row) against its scalar definition: every
// width 1 … 70 and a wide row, random and all-255 pixels, with and without the row above, and
// rows above near 2^32 so that the sums wrap around as the table's arithmetic does.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "cpu/u8_table_rows.h"

namespace sat::detail {
namespace {

using RowFn = void (*)(const uint8_t*, const uint32_t*, uint32_t*, int);

void check_row(RowFn u8_table_row) {
  std::mt19937 rng(11);
  std::vector<int> widths;
  for (int w = 1; w <= 70; ++w) widths.push_back(w);
  widths.push_back(3841);
  for (int w : widths)
    for (int fill : {0, 1, 2}) {  // random, all 255, random with the row above near 2^32
      const std::size_t n = static_cast<std::size_t>(w);
      std::vector<uint8_t> in(n + 1);
      std::vector<uint32_t> above(n), want(n), got(n + 1, 0xA5A5A5A5u);
      for (int j = 0; j < w; ++j) {
        in[std::size_t(j)] = fill == 1 ? 255 : uint8_t(rng());
        above[std::size_t(j)] = fill == 2 ? 0xFFFFFF00u + uint32_t(rng() % 256) : uint32_t(rng());
      }
      for (bool with_above : {false, true}) {
        uint32_t run = 0;
        for (int j = 0; j < w; ++j) {
          run += in[std::size_t(j)];
          want[std::size_t(j)] = with_above ? run + above[std::size_t(j)] : run;
        }
        u8_table_row(in.data(), with_above ? above.data() : nullptr, got.data(), w);
        for (int j = 0; j < w; ++j)
          ASSERT_EQ(got[std::size_t(j)], want[std::size_t(j)]) << "width " << w << ", fill " << fill << ", j " << j;
        EXPECT_EQ(got[std::size_t(w)], 0xA5A5A5A5u) << "wrote past the row, width " << w;
      }
    }
}

TEST(U8TableRow, Sse2MatchesTheScalarDefinition) { check_row(u8_table_row_sse2); }

TEST(U8TableRow, Avx2MatchesTheScalarDefinition) {
#if SAT_U8_TABLE_AVX2
  if (!u8_table_has_avx2()) GTEST_SKIP() << "this CPU has no AVX2";
  check_row(u8_table_row_avx2);
#else
  GTEST_SKIP() << "no AVX2 path in this build";
#endif
}

TEST(U8TableRow, DispatchedMatchesTheScalarDefinition) { check_row(u8_table_row); }

}  // namespace
}  // namespace sat::detail
