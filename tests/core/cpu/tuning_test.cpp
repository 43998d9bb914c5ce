// The host side of the tuning policies (core/src/tuning/): the architecture a compute capability
// maps to, and 2R2W-optimal's grid arithmetic for devices of 132 (H100 SXM), 114 (H100 PCIe) and
// 46 SMs: warps per row, the column tile height R, and a workspace that covers every device's
// choice and grows monotonically with the extent. Also the column look-back's state layout.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "lookback/column_prefix_layout.h"
#include "lookback/layout.h"
#include "sat/sat.h"
#include "tuning/arch.h"
#include "tuning/optimal_2r2w_policy.h"

namespace sat::detail {
namespace {

TEST(TuningArch, OnlyComputeCapability90IsHopper) {
  EXPECT_EQ(tuning_arch_of(9, 0), TuningArch::Hopper);
  for (const auto& [major, minor] :
       std::vector<std::pair<int, int>>{{7, 0}, {7, 5}, {8, 0}, {8, 6}, {8, 9}, {9, 1}, {10, 0}, {12, 0}, {0, 0}})
    EXPECT_EQ(tuning_arch_of(major, minor), TuningArch::Other) << major << "." << minor;
}

TEST(TuningArch, OtherArchitecturesGetHoppersValues) {
  EXPECT_EQ(optimal_2r2w_policy(TuningArch::Other).warps_per_sm, optimal_2r2w_policy(TuningArch::Hopper).warps_per_sm);
}

const Optimal2R2WPolicy kHopper = optimal_2r2w_policy(TuningArch::Hopper);

TEST(Optimal2R2WGrid, TargetWarpsAreSmsTimesWarpsPerSm) {
  EXPECT_EQ(kHopper.warps_per_sm, 64);
  EXPECT_EQ(optimal_2r2w_target_warps(kHopper, 132), 132 * 64);
  EXPECT_EQ(optimal_2r2w_target_warps(kHopper, 114), 114 * 64);
  EXPECT_EQ(optimal_2r2w_target_warps(kHopper, 46), 46 * 64);
  // Clamped: a device that reports nothing still gets one SM's worth; a huge one the sized maximum.
  EXPECT_EQ(optimal_2r2w_target_warps(kHopper, 0), 64);
  EXPECT_EQ(optimal_2r2w_target_warps(kHopper, 10000), kOptimal2R2WMaxSizedSms * 64LL);
}

long long few_tiles(int sms) { return Optimal2R2WColumnShape::few_tiles_for(optimal_2r2w_target_warps(kHopper, sms)); }

TEST(Optimal2R2WGrid, RowGroupFillsTheDeviceWithFewRows) {
  // 1080 rows of 1920 u8 (chunks of 512 elements: 4 per row).
  EXPECT_EQ(optimal_2r2w_row_group(4, 1080, optimal_2r2w_target_warps(kHopper, 132)), 4);   // capped by the chunks
  EXPECT_EQ(optimal_2r2w_row_group(64, 1080, optimal_2r2w_target_warps(kHopper, 132)), 8);  // 4320 < 8448 warps
  EXPECT_EQ(optimal_2r2w_row_group(64, 1080, optimal_2r2w_target_warps(kHopper, 114)), 8);  // 4320 < 7296
  EXPECT_EQ(optimal_2r2w_row_group(64, 1080, optimal_2r2w_target_warps(kHopper, 46)), 4);   // 4320 ≥ 2944
  EXPECT_EQ(optimal_2r2w_row_group(64, 8192, optimal_2r2w_target_warps(kHopper, 132)), 2);  // 8192 < 8448 only once
  EXPECT_EQ(optimal_2r2w_row_group(1, 1, optimal_2r2w_target_warps(kHopper, 132)), 1);      // nothing to share
  for (int sms : {132, 114, 46})
    for (int chunks : {1, 2, 3, 8, 100})
      for (int height : {1, 7, 500, 5000, 100000}) {
        const int g = optimal_2r2w_row_group(chunks, height, optimal_2r2w_target_warps(kHopper, sms));
        EXPECT_TRUE(g == 1 || g == 2 || g == 4 || g == 8) << g;  // divides the block's 8 warps
        EXPECT_TRUE(g == 1 || g <= chunks) << "no warp of a group without work";
      }
}

TEST(Optimal2R2WGrid, TileHeightDependsOnTheDevicesSms) {
  constexpr int kCols = Optimal2R2WShape::tile_columns(4);  // f32: 128 columns
  EXPECT_EQ(kCols, 128);
  EXPECT_EQ(few_tiles(132), 1056);
  EXPECT_EQ(few_tiles(114), 912);
  EXPECT_EQ(few_tiles(46), 368);
  // 2048² f32: 16 × 32 = 512 tiles at R = 8: too few for 132 or 114 SMs, enough for 46.
  for (const auto& [sms, rows] : std::vector<std::pair<int, int>>{{132, 2}, {114, 2}, {46, 8}}) {
    const Optimal2R2WColumnShape s(2048, 2048, kCols, few_tiles(sms));
    EXPECT_EQ(s.rows_per_warp(), rows) << sms << " SMs";
    EXPECT_EQ(s.tiles(), rows == 2 ? 16 * 128 : 16 * 32) << sms << " SMs";
  }
  // 8192² f32: 64 × 128 tiles at R = 8 on every device; 1920×1080 f32 (255 tiles) R = 2 on all.
  for (int sms : {132, 114, 46}) {
    EXPECT_EQ(Optimal2R2WColumnShape(8192, 8192, kCols, few_tiles(sms)).rows_per_warp(), 8);
    const Optimal2R2WColumnShape hd(1920, 1080, kCols, few_tiles(sms));
    EXPECT_EQ(hd.rows_per_warp(), 2);
    EXPECT_EQ(hd.tiles(), 15 * 68);  // ⌈1080 / 16⌉ segments
  }
}

// The workspace, computed without a device, holds the tiles of whatever device runs the call,
// and never shrinks as the extent grows (a Plan sized for its maximum serves every smaller one).
TEST(Optimal2R2WGrid, WorkspaceCoversEveryDeviceAndIsMonotone) {
  const std::vector<int> sizes = {1,   2,    31,   32,   33,   63,   64,   65,   127,  128,  129,   200,  511,
                                  513, 1000, 1080, 1920, 2048, 2049, 3000, 4096, 5000, 8192, 16384, 32768};
  for (std::size_t acc_bytes : {std::size_t(4), std::size_t(8), std::size_t(16)}) {
    const int cols = Optimal2R2WShape::tile_columns(acc_bytes);
    for (std::size_t i = 0; i < sizes.size(); ++i)
      for (std::size_t j = 0; j < sizes.size(); ++j) {
        const int w = sizes[i], h = sizes[j];
        const long long tiles = Optimal2R2WColumnShape::workspace_tiles(w, h, cols);
        for (int sms : {132, 114, 46, 1, kOptimal2R2WMaxSizedSms, 100000})
          EXPECT_LE(Optimal2R2WColumnShape(w, h, cols, few_tiles(sms)).tiles(), tiles)
              << w << "×" << h << " cols " << cols << " " << sms << " SMs";
        if (i + 1 < sizes.size()) {
          EXPECT_LE(tiles, Optimal2R2WColumnShape::workspace_tiles(sizes[i + 1], h, cols));
        }
        if (j + 1 < sizes.size()) {
          EXPECT_LE(tiles, Optimal2R2WColumnShape::workspace_tiles(w, sizes[j + 1], cols));
        }
      }
  }
}

TEST(Optimal2R2WGrid, WorkspaceSizeIsTheColumnStateLayout) {
  Options o;
  o.algorithm = Algorithm::Optimal2R2W;
  for (const Extent e : {Extent{1, 1}, Extent{1920, 1080}, Extent{2048, 2048}, Extent{4097, 33}}) {
    // f32: 128 columns, one word per sum; u8x4 → u32x4: 32 columns, four words.
    EXPECT_EQ(
        workspace_size(ElementType::F32ToF32, e, o),
        ColumnPrefixLayout::packed(Optimal2R2WColumnShape::workspace_tiles(e.width, e.height, 128), 128, 1).bytes);
    EXPECT_EQ(workspace_size(ElementType::U8x4ToU32x4, e, o),
              ColumnPrefixLayout::packed(Optimal2R2WColumnShape::workspace_tiles(e.width, e.height, 32), 32, 4).bytes);
    EXPECT_EQ(workspace_size(ElementType::U8ToU64Squares, e, o),
              ColumnPrefixLayout::packed(Optimal2R2WColumnShape::workspace_tiles(e.width, e.height, 64), 64, 2).bytes);
  }
}

TEST(ColumnPrefixLayout, ArraysAreAlignedAndDisjointAfterTheHeader) {
  for (std::int64_t tiles : {1, 3, 255, 1020, 4096})
    for (const auto& [cols, words] : std::vector<std::pair<int, int>>{{128, 1}, {64, 2}, {32, 4}}) {
      const ColumnPrefixLayout l = ColumnPrefixLayout::packed(tiles, cols, words);
      const std::size_t vector_bytes = std::size_t(tiles) * cols * 8 * words;
      EXPECT_EQ(l.local, LookBackLayout::kHeaderBytes);
      EXPECT_EQ(l.local % LookBackLayout::kAlign, 0u);
      EXPECT_EQ(l.global % LookBackLayout::kAlign, 0u);
      EXPECT_LE(l.local + vector_bytes, l.global);
      EXPECT_LE(l.global + vector_bytes, l.bytes);
      EXPECT_EQ(l.bytes % 16, 0u);
      EXPECT_EQ(l.body_bytes(), l.bytes - LookBackLayout::kHeaderBytes);
    }
}

// A workspace that held 1R1W-SKSS-LB's or 1R1W-SKSS's state of the same numbers must still read
// as another layout (and be cleared before 2R2W-optimal trusts it), and the reverse.
TEST(ColumnPrefixLayout, KeyHasItsOwnKind) {
  for (std::int64_t tiles : {1, 135, 4096})
    for (const auto& [cols, words] : std::vector<std::pair<int, int>>{{128, 1}, {64, 2}, {32, 4}}) {
      const std::uint64_t key = ColumnPrefixLayout::packed(tiles, cols, words).key();
      EXPECT_NE(key, 0u);
      EXPECT_NE(key, LookBackLayout::packed(tiles, cols, words).key());
      EXPECT_NE(key, state_key(StateKind::ColumnFlags, tiles, cols, 4 * std::size_t(words)));
      EXPECT_NE(key, ColumnPrefixLayout::packed(tiles + 1, cols, words).key());
    }
}

}  // namespace
}  // namespace sat::detail
