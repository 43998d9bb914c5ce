// Names of the public enums, parse_algorithm round trips, element sizes, supports() and
// default_tile(). No device needed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <set>
#include <string>

#include "sat/sat.h"
#include "sat_test_util.h"

namespace sat {
namespace {

using test::short_name;

bool has_16_byte_output(ElementType type) { return output_element_size(type) == 16; }

TEST(Names, AlgorithmNamesAreThePapersAndDistinct) {
  EXPECT_STREQ(to_string(Algorithm::Naive2R2W), "2r2w");
  EXPECT_STREQ(to_string(Algorithm::Optimal2R2W), "2r2w-optimal");
  EXPECT_STREQ(to_string(Algorithm::Tiled2R1W), "2r1w");
  EXPECT_STREQ(to_string(Algorithm::Diagonal1R1W), "1r1w");
  EXPECT_STREQ(to_string(Algorithm::Hybrid1R1W), "(1+r)r1w");
  EXPECT_STREQ(to_string(Algorithm::Skss1R1W), "1r1w-skss");
  EXPECT_STREQ(to_string(Algorithm::SkssLb1R1W), "1r1w-skss-lb");
  std::set<std::string> names;
  for (Algorithm a : kAllAlgorithms) names.insert(to_string(a));
  EXPECT_EQ(names.size(), std::size(kAllAlgorithms));
  EXPECT_EQ(names.count("?"), 0u);
}

TEST(Names, KAllAlgorithmsListsEachAlgorithmOnceInThePapersOrder) {
  ASSERT_EQ(std::size(kAllAlgorithms), 7u);
  for (std::size_t k = 0; k < std::size(kAllAlgorithms); ++k) EXPECT_EQ(int(kAllAlgorithms[k]), int(k));
}

TEST(Names, ParseAlgorithmRoundTripsEveryName) {
  for (Algorithm a : kAllAlgorithms) {
    SCOPED_TRACE(to_string(a));
    const auto parsed = parse_algorithm(to_string(a));
    ASSERT_TRUE(parsed.has_value());
    EXPECT_EQ(*parsed, a);
  }
}

TEST(Names, ParseAlgorithmIgnoresCase) {
  for (Algorithm a : kAllAlgorithms) {
    std::string upper = to_string(a);
    std::transform(upper.begin(), upper.end(), upper.begin(), [](unsigned char c) { return char(std::toupper(c)); });
    SCOPED_TRACE(upper);
    const auto parsed = parse_algorithm(upper);
    ASSERT_TRUE(parsed.has_value());
    EXPECT_EQ(*parsed, a);
  }
  EXPECT_EQ(parse_algorithm("1R1W-Skss-LB"), Algorithm::SkssLb1R1W);
}

TEST(Names, ParseAlgorithmAcceptsTheDocumentedAliases) {
  EXPECT_EQ(parse_algorithm("hybrid"), Algorithm::Hybrid1R1W);
  EXPECT_EQ(parse_algorithm("1+rr1w"), Algorithm::Hybrid1R1W);
  EXPECT_EQ(parse_algorithm("1+r-r1w"), Algorithm::Hybrid1R1W);
  EXPECT_EQ(parse_algorithm("skss-lb"), Algorithm::SkssLb1R1W);
  EXPECT_EQ(parse_algorithm("lb"), Algorithm::SkssLb1R1W);
}

TEST(Names, ParseAlgorithmRejectsUnknownNames) {
  for (const char* bad : {"", "2r", "2r2w ", " 2r2w", "1r1w-skss-lb-x", "skss_lb", "?", "3r3w", "optimal"}) {
    SCOPED_TRACE(std::string("\"") + bad + "\"");
    EXPECT_FALSE(parse_algorithm(bad).has_value());
  }
}

TEST(Names, IsTiledIsFalseOnlyForTheTwo2R2WAlgorithms) {
  for (Algorithm a : kAllAlgorithms) {
    SCOPED_TRACE(to_string(a));
    EXPECT_EQ(is_tiled(a), a != Algorithm::Naive2R2W && a != Algorithm::Optimal2R2W);
  }
}

TEST(Names, ElementTypeNamesAreDistinct) {
  EXPECT_STREQ(to_string(ElementType::U8ToU32), "u8->u32");
  EXPECT_STREQ(to_string(ElementType::F32ToF32), "f32->f32");
  EXPECT_STREQ(to_string(ElementType::U32x2ToU32x2), "u32x2->u32x2");
  EXPECT_STREQ(to_string(ElementType::U16ToU32), "u16->u32");
  EXPECT_STREQ(to_string(ElementType::U16ToU64), "u16->u64");
  EXPECT_STREQ(to_string(ElementType::U16ToSumSq), "u16->sumsq");
  EXPECT_STREQ(to_string(ElementType::U16x4ToU32x4), "u16x4->u32x4");
  std::set<std::string> names;
  for (ElementType t : kAllElementTypes) names.insert(to_string(t));
  EXPECT_EQ(names.size(), std::size(kAllElementTypes));
  EXPECT_EQ(names.count("?"), 0u);
  EXPECT_EQ(std::size(kAllElementTypes), 11u);
}

TEST(Names, ErrorCodeNamesAreDistinct) {
  std::set<std::string> names;
  for (ErrorCode c : {ErrorCode::InvalidArgument, ErrorCode::Unsupported, ErrorCode::WorkspaceTooSmall,
                      ErrorCode::OutOfMemory, ErrorCode::CudaError})
    names.insert(to_string(c));
  EXPECT_EQ(names.size(), 5u);
  EXPECT_EQ(names.count("unknown"), 0u);
}

TEST(Names, ErrorCarriesCodeCallAndMessage) {
  const Error e(ErrorCode::WorkspaceTooSmall, "sat::compute", "too small");
  EXPECT_EQ(e.code(), ErrorCode::WorkspaceTooSmall);
  EXPECT_EQ(e.call(), "sat::compute");
  EXPECT_STREQ(e.what(), "sat::compute: too small");
}

TEST(Names, ShortTestNamesAreIdentifiersAndDistinct) {
  std::set<std::string> names;
  auto check = [&](const std::string& n) {
    EXPECT_FALSE(n.empty());
    for (char c : n) EXPECT_TRUE(std::isalnum(static_cast<unsigned char>(c))) << n;
    EXPECT_TRUE(names.insert(n).second) << n;
  };
  for (Algorithm a : kAllAlgorithms) check(short_name(a));
  for (ElementType t : kAllElementTypes) check(short_name(t));
}

// Sizes and alignments are those of the structs in types.h (CUDA's uchar4/uint4/float2/uint2
// layouts).
TEST(ElementSizes, MatchTheTypes) {
  EXPECT_EQ(sizeof(u8x4), 4u);
  EXPECT_EQ(sizeof(u32x4), 16u);
  EXPECT_EQ(sizeof(f32x2), 8u);
  EXPECT_EQ(sizeof(u32x2), 8u);
  EXPECT_EQ(sizeof(SumSq), 16u);
  EXPECT_EQ(alignof(u32x4), 16u);
  EXPECT_EQ(alignof(SumSq), 16u);
  EXPECT_EQ(alignof(f32x2), 8u);
  EXPECT_EQ(alignof(u32x2), 8u);
  EXPECT_EQ(sizeof(u16x4), 8u);
  EXPECT_EQ(alignof(u16x4), 8u);

  EXPECT_EQ(input_element_size(ElementType::U8ToU32), 1u);
  EXPECT_EQ(output_element_size(ElementType::U8ToU32), 4u);
  EXPECT_EQ(input_element_size(ElementType::U8x4ToU32x4), sizeof(u8x4));
  EXPECT_EQ(output_element_size(ElementType::U8x4ToU32x4), sizeof(u32x4));
  EXPECT_EQ(input_element_size(ElementType::F32ToF32), 4u);
  EXPECT_EQ(output_element_size(ElementType::F32ToF32), 4u);
  EXPECT_EQ(input_element_size(ElementType::F32x2ToF32x2), sizeof(f32x2));
  EXPECT_EQ(output_element_size(ElementType::F32x2ToF32x2), sizeof(f32x2));
  EXPECT_EQ(input_element_size(ElementType::U32x2ToU32x2), sizeof(u32x2));
  EXPECT_EQ(output_element_size(ElementType::U32x2ToU32x2), sizeof(u32x2));
  EXPECT_EQ(input_alignment(ElementType::U32x2ToU32x2), 8u);
  EXPECT_EQ(output_alignment(ElementType::U32x2ToU32x2), 8u);
  EXPECT_EQ(input_element_size(ElementType::U8ToU64Squares), 1u);
  EXPECT_EQ(output_element_size(ElementType::U8ToU64Squares), 8u);
  EXPECT_EQ(input_element_size(ElementType::U8ToSumSq), 1u);
  EXPECT_EQ(output_element_size(ElementType::U8ToSumSq), sizeof(SumSq));
  // 16-bit inputs: u16 rows must have even pitches, u16x4 rows pitches of a multiple of 8.
  for (ElementType t : {ElementType::U16ToU32, ElementType::U16ToU64, ElementType::U16ToSumSq}) {
    EXPECT_EQ(input_element_size(t), 2u) << to_string(t);
    EXPECT_EQ(input_alignment(t), 2u) << to_string(t);
  }
  EXPECT_EQ(output_element_size(ElementType::U16ToU32), 4u);
  EXPECT_EQ(output_element_size(ElementType::U16ToU64), 8u);
  EXPECT_EQ(output_element_size(ElementType::U16ToSumSq), sizeof(SumSq));
  EXPECT_EQ(input_element_size(ElementType::U16x4ToU32x4), sizeof(u16x4));
  EXPECT_EQ(output_element_size(ElementType::U16x4ToU32x4), sizeof(u32x4));
}

TEST(ElementSizes, AlignmentsAreNaturalAndDivideTheSize) {
  for (ElementType t : kAllElementTypes) {
    SCOPED_TRACE(to_string(t));
    EXPECT_EQ(input_alignment(t), input_element_size(t));
    EXPECT_EQ(output_alignment(t), output_element_size(t));
    EXPECT_EQ(output_element_size(t) % std::size_t(test::output_channels(t)), 0u);
  }
}

TEST(Supports, TileZeroIsAlwaysSupported) {
  for (Algorithm a : kAllAlgorithms)
    for (ElementType t : kAllElementTypes) {
      SCOPED_TRACE(std::string(to_string(a)) + " " + to_string(t));
      EXPECT_TRUE(supports(a, t, 0));
    }
}

TEST(Supports, NonTiledAlgorithmsIgnoreTheTile) {
  for (Algorithm a : {Algorithm::Naive2R2W, Algorithm::Optimal2R2W})
    for (ElementType t : kAllElementTypes)
      for (int tile : kTileSizes) {
        SCOPED_TRACE(std::string(to_string(a)) + " " + to_string(t) + " W=" + std::to_string(tile));
        EXPECT_TRUE(supports(a, t, tile));
      }
}

TEST(Supports, TiledAlgorithmsOffer128OnlyUpTo8ByteOutputs) {
  for (Algorithm a : kAllAlgorithms) {
    if (!is_tiled(a)) continue;
    for (ElementType t : kAllElementTypes) {
      SCOPED_TRACE(std::string(to_string(a)) + " " + to_string(t));
      EXPECT_TRUE(supports(a, t, 32));
      EXPECT_TRUE(supports(a, t, 64));
      EXPECT_EQ(supports(a, t, 128), !has_16_byte_output(t));
    }
  }
}

TEST(Supports, TiledAlgorithmsRejectUnknownTiles) {
  for (Algorithm a : kAllAlgorithms) {
    if (!is_tiled(a)) continue;
    for (int tile : {1, 16, 48, 96, 256, -32})
      for (ElementType t : kAllElementTypes) {
        SCOPED_TRACE(std::string(to_string(a)) + " " + to_string(t) + " W=" + std::to_string(tile));
        EXPECT_FALSE(supports(a, t, tile));
      }
  }
}

TEST(DefaultTile, IsZeroForNonTiledAnd128For4ByteSums64Otherwise) {
  for (Algorithm a : kAllAlgorithms)
    for (ElementType t : kAllElementTypes) {
      SCOPED_TRACE(std::string(to_string(a)) + " " + to_string(t));
      const int tile = default_tile(a, t);
      if (!is_tiled(a)) {
        EXPECT_EQ(tile, 0);
        continue;
      }
      // 4-byte sums: 128² tiles; 8- and 16-byte sums: 64² (a 128² tile of them does not fit the
      // registers of two resident blocks without spilling).
      EXPECT_EQ(tile, output_element_size(t) >= 8 ? 64 : 128);
      EXPECT_TRUE(supports(a, t, tile));
      EXPECT_NE(std::find(std::begin(kTileSizes), std::end(kTileSizes), tile), std::end(kTileSizes));
    }
}

TEST(DefaultOptions, AreSkssLbDefaultTileAndAQuarter) {
  const Options o;
  EXPECT_EQ(o.algorithm, Algorithm::SkssLb1R1W);
  EXPECT_EQ(o.tile, 0);
  EXPECT_GT(o.hybrid_r, 0.0);
  EXPECT_LT(o.hybrid_r, 1.0);
}

}  // namespace
}  // namespace sat
