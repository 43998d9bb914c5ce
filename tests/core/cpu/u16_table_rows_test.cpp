// u16_table_row (SSE2 running sums of a u16 → u32 table row) against its scalar definition: every
// width 1 … 40 and a wide row, random and all-65535 pixels, with and without the row above, and
// rows above near 2^32 so that the sums wrap around as the table's arithmetic does.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "cpu/u16_table_rows.h"

namespace sat::detail {
namespace {

TEST(U16TableRow, MatchesTheScalarDefinition) {
  std::mt19937 rng(12);
  std::vector<int> widths;
  for (int w = 1; w <= 40; ++w) widths.push_back(w);
  widths.push_back(3841);
  widths.push_back(70001);  // a row alone wraps: 70001 · 65535 > 2^32
  for (int w : widths)
    for (int fill : {0, 1, 2}) {  // random, all 65535, random with the row above near 2^32
      const std::size_t n = static_cast<std::size_t>(w);
      std::vector<uint16_t> in(n + 1);
      std::vector<uint32_t> above(n), want(n), got(n + 1, 0xA5A5A5A5u);
      for (int j = 0; j < w; ++j) {
        in[std::size_t(j)] = fill == 1 ? uint16_t(65535) : uint16_t(rng());
        above[std::size_t(j)] = fill == 2 ? 0xFFFF0000u + uint32_t(rng() % 65536) : uint32_t(rng());
      }
      for (bool with_above : {false, true}) {
        uint32_t run = 0;
        for (int j = 0; j < w; ++j) {
          run += in[std::size_t(j)];
          want[std::size_t(j)] = with_above ? run + above[std::size_t(j)] : run;
        }
        u16_table_row(in.data(), with_above ? above.data() : nullptr, got.data(), w);
        for (int j = 0; j < w; ++j)
          ASSERT_EQ(got[std::size_t(j)], want[std::size_t(j)]) << "width " << w << ", fill " << fill << ", j " << j;
        EXPECT_EQ(got[std::size_t(w)], 0xA5A5A5A5u) << "wrote past the row, width " << w;
      }
    }
}

}  // namespace
}  // namespace sat::detail
