// sat::workspace_size: monotone in the extent, stable, and validating its request. No device
// needed (it only computes a size).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "sat/sat.h"
#include "sat_expect.h"
#include "sat_test_util.h"

namespace sat {
namespace {

using test::ThrowsSatError;

struct Config {
  Algorithm algorithm;
  ElementType type;
  int tile;
};

std::vector<Config> all_configs() {
  std::vector<Config> out;
  for (Algorithm a : kAllAlgorithms)
    for (ElementType t : kAllElementTypes) {
      out.push_back({a, t, 0});
      if (!is_tiled(a)) continue;
      for (int w : kTileSizes)
        if (supports(a, t, w)) out.push_back({a, t, w});
    }
  return out;
}

void PrintTo(const Config& c, std::ostream* os) {
  *os << to_string(c.algorithm) << " tile " << c.tile << " " << to_string(c.type);
}

std::string config_name(const ::testing::TestParamInfo<Config>& p) {
  const Config& c = p.param;
  return test::short_name(c.algorithm) + "_" + (c.tile ? "W" + std::to_string(c.tile) : std::string("Wdef")) + "_" +
         test::short_name(c.type);
}

class WorkspaceSize : public ::testing::TestWithParam<Config> {};

// Non-decreasing along each axis of a grid of sizes around the tile sizes, and deterministic.
TEST_P(WorkspaceSize, IsMonotoneInWidthAndHeight) {
  const Config c = GetParam();
  Options opt;
  opt.algorithm = c.algorithm;
  opt.tile = c.tile;
  const std::vector<int> sizes = {1, 2, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 257, 1000, 1009, 4096, 4097, 20000};
  std::vector<std::vector<std::size_t>> ws(sizes.size(), std::vector<std::size_t>(sizes.size()));
  for (std::size_t y = 0; y < sizes.size(); ++y)
    for (std::size_t x = 0; x < sizes.size(); ++x) {
      const Extent e{sizes[x], sizes[y]};
      ASSERT_NO_THROW(ws[y][x] = workspace_size(c.type, e, opt)) << sizes[y] << "x" << sizes[x];
      EXPECT_EQ(ws[y][x], workspace_size(c.type, e, opt)) << "not deterministic at " << sizes[y] << "x" << sizes[x];
    }
  for (std::size_t y = 0; y < sizes.size(); ++y)
    for (std::size_t x = 0; x < sizes.size(); ++x) {
      if (x + 1 < sizes.size()) {
        EXPECT_LE(ws[y][x], ws[y][x + 1]) << "shrinks from " << sizes[y] << "x" << sizes[x] << " to " << sizes[y] << "x"
                                          << sizes[x + 1] << " (h x w)";
      }
      if (y + 1 < sizes.size()) {
        EXPECT_LE(ws[y][x], ws[y + 1][x]) << "shrinks from " << sizes[y] << "x" << sizes[x] << " to " << sizes[y + 1]
                                          << "x" << sizes[x] << " (h x w)";
      }
    }
}

INSTANTIATE_TEST_SUITE_P(AllConfigs, WorkspaceSize, ::testing::ValuesIn(all_configs()), config_name);

// tile 0 means the default tile: the same request, the same size.
TEST(WorkspaceSizeDefaultTile, IsTheSizeOfTheExplicitDefaultTile) {
  for (Algorithm a : kAllAlgorithms) {
    if (!is_tiled(a)) continue;
    for (ElementType t : kAllElementTypes) {
      Options def, explicit_tile;
      def.algorithm = explicit_tile.algorithm = a;
      explicit_tile.tile = default_tile(a, t);
      for (Extent e : {Extent{1, 1}, Extent{129, 77}, Extent{1920, 1080}, Extent{4321, 1234}}) {
        SCOPED_TRACE(std::string(to_string(a)) + " " + to_string(t) + " " + std::to_string(e.height) + "x" +
                     std::to_string(e.width));
        EXPECT_EQ(workspace_size(t, e, def), workspace_size(t, e, explicit_tile));
      }
    }
  }
}

// 1R1W-SKSS-LB keeps tile flags and partial sums between blocks: it needs a workspace, and the
// bad-workspace tests of sat::compute rely on that.
TEST(WorkspaceSizeSkssLb, IsPositive) {
  for (ElementType t : kAllElementTypes) {
    SCOPED_TRACE(to_string(t));
    EXPECT_GT(workspace_size(t, {1, 1}, Options{}), 0u);
    EXPECT_GT(workspace_size(t, {1920, 1080}, Options{}), 0u);
  }
}

TEST(WorkspaceSizeErrors, RejectsNonPositiveSizes) {
  const char* call = "sat::workspace_size";
  for (Algorithm a : kAllAlgorithms) {
    SCOPED_TRACE(to_string(a));
    Options opt;
    opt.algorithm = a;
    EXPECT_TRUE(ThrowsSatError(
        [&] {
          workspace_size(ElementType::U8ToU32, {0, 10}, opt);
        },
        ErrorCode::InvalidArgument, call, {"width", "(got 0)"}));
    EXPECT_TRUE(ThrowsSatError(
        [&] {
          workspace_size(ElementType::U8ToU32, {-3, 10}, opt);
        },
        ErrorCode::InvalidArgument, call, {"width", "(got -3)"}));
    EXPECT_TRUE(ThrowsSatError(
        [&] {
          workspace_size(ElementType::F32ToF32, {10, 0}, opt);
        },
        ErrorCode::InvalidArgument, call, {"height", "(got 0)"}));
    EXPECT_TRUE(ThrowsSatError(
        [&] {
          workspace_size(ElementType::F32ToF32, {10, -1}, opt);
        },
        ErrorCode::InvalidArgument, call, {"height", "(got -1)"}));
  }
}

TEST(WorkspaceSizeErrors, RejectsUnknownTiles) {
  for (Algorithm a : kAllAlgorithms)
    for (int tile : {48, 16, 256, -64, 1}) {
      SCOPED_TRACE(std::string(to_string(a)) + " tile " + std::to_string(tile));
      Options opt;
      opt.algorithm = a;
      opt.tile = tile;
      EXPECT_TRUE(ThrowsSatError(
          [&] {
            workspace_size(ElementType::U8ToU32, {100, 100}, opt);
          },
          ErrorCode::InvalidArgument, "sat::workspace_size", {"tile", std::to_string(tile)}));
    }
}

TEST(WorkspaceSizeErrors, Rejects16ByteOutputsAtTile128AsUnsupported) {
  for (Algorithm a : kAllAlgorithms)
    for (ElementType t :
         {ElementType::U8x4ToU32x4, ElementType::U8ToSumSq, ElementType::U16ToSumSq, ElementType::U16x4ToU32x4}) {
      SCOPED_TRACE(std::string(to_string(a)) + " " + to_string(t));
      Options opt;
      opt.algorithm = a;
      opt.tile = 128;
      if (!is_tiled(a)) {
        EXPECT_NO_THROW(workspace_size(t, {100, 100}, opt)) << "the tile of a non-tiled algorithm is ignored";
        continue;
      }
      EXPECT_TRUE(ThrowsSatError(
          [&] {
            workspace_size(t, {100, 100}, opt);
          },
          ErrorCode::Unsupported, "sat::workspace_size", {to_string(a), to_string(t), "128"}));
    }
}

// The workspaces hold sums, never pixels: a 16-bit input needs exactly the workspace of the 8-bit
// input with the same sums (u16 → u32 as u8 → u32, u16 → u64 as u8 → u64 squares, u16 → SumSq as
// u8 → SumSq, u16x4 → u32x4 as u8x4 → u32x4), for one plane and for batches.
TEST(WorkspaceSize, SixteenBitInputsNeedTheWorkspaceOfTheirSums) {
  const std::pair<ElementType, ElementType> same_sums[] = {
      {ElementType::U16ToU32, ElementType::U8ToU32},
      {ElementType::U16ToU64, ElementType::U8ToU64Squares},
      {ElementType::U16ToSumSq, ElementType::U8ToSumSq},
      {ElementType::U16x4ToU32x4, ElementType::U8x4ToU32x4},
  };
  for (const auto& [u16, u8] : same_sums)
    for (Algorithm a : kAllAlgorithms)
      for (int tile : {0, 32, 64, 128}) {
        if (!supports(a, u16, tile)) continue;
        Options opt;
        opt.algorithm = a;
        opt.tile = tile;
        for (Extent e : {Extent{1, 1}, Extent{17, 31}, Extent{65, 129}, Extent{1921, 1081}, Extent{3840, 2160}}) {
          SCOPED_TRACE(std::string(to_string(a)) + ", tile " + std::to_string(tile) + ", " + to_string(u16) + ", " +
                       std::to_string(e.width) + "x" + std::to_string(e.height));
          EXPECT_EQ(workspace_size(u16, e, opt), workspace_size(u8, e, opt));
          EXPECT_EQ(batch_workspace_size(u16, e, 3, opt), batch_workspace_size(u8, e, 3, opt));
        }
      }
}

TEST(WorkspaceSizeErrors, RejectsHybridROutsideTheOpenUnitInterval) {
  Options opt;
  opt.algorithm = Algorithm::Hybrid1R1W;
  for (double r :
       {0.0, 1.0, -0.25, 1.5, std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()}) {
    SCOPED_TRACE("hybrid_r = " + std::to_string(r));
    opt.hybrid_r = r;
    EXPECT_TRUE(ThrowsSatError(
        [&] {
          workspace_size(ElementType::F32ToF32, {256, 256}, opt);
        },
        ErrorCode::InvalidArgument, "sat::workspace_size", {"hybrid_r"}));
  }
  for (double r : {0.001, 0.25, 0.5, 0.999}) {
    SCOPED_TRACE("hybrid_r = " + std::to_string(r));
    opt.hybrid_r = r;
    EXPECT_NO_THROW(workspace_size(ElementType::F32ToF32, {256, 256}, opt));
  }
}

TEST(WorkspaceSizeErrors, IgnoresHybridRForOtherAlgorithms) {
  for (Algorithm a : kAllAlgorithms) {
    if (a == Algorithm::Hybrid1R1W) continue;
    SCOPED_TRACE(to_string(a));
    Options opt;
    opt.algorithm = a;
    opt.hybrid_r = 7.0;
    EXPECT_NO_THROW(workspace_size(ElementType::U8ToU32, {256, 256}, opt));
  }
}

TEST(WorkspaceSizeErrors, RejectsUnknownTypeAndAlgorithm) {
  EXPECT_TRUE(ThrowsSatError(
      [&] {
        workspace_size(static_cast<ElementType>(42), {16, 16}, Options{});
      },
      ErrorCode::InvalidArgument, "sat::workspace_size", {"element type", "42"}));
  Options opt;
  opt.algorithm = static_cast<Algorithm>(42);
  EXPECT_TRUE(ThrowsSatError(
      [&] {
        workspace_size(ElementType::U8ToU32, {16, 16}, opt);
      },
      ErrorCode::InvalidArgument, "sat::workspace_size", {"algorithm", "42"}));
}

// 2²¹ × 2²¹ pixels is 2³² tiles of 32×32: more than the 32-bit tile indices can count.
TEST(WorkspaceSizeErrors, RejectsImagesTooLargeForTileIndices) {
  for (Algorithm a : kAllAlgorithms) {
    SCOPED_TRACE(to_string(a));
    Options opt;
    opt.algorithm = a;
    EXPECT_TRUE(ThrowsSatError(
        [&] {
          workspace_size(ElementType::U8ToU32, {1 << 21, 1 << 21}, opt);
        },
        ErrorCode::InvalidArgument, "sat::workspace_size", {"too large"}));
  }
}

}  // namespace
}  // namespace sat
