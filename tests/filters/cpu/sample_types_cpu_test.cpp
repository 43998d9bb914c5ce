// Sample types of filter images: their names, the typed views, which filters take 16 bits, and
// how a filter that does not take a type refuses it (naming the type, before any pixel is read).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "sat/error.h"
#include "sat/filters.h"

namespace {

TEST(SampleTypes, NamesParseBack) {
  for (sat::SampleType t : {sat::SampleType::U8, sat::SampleType::U16}) {
    ASSERT_TRUE(sat::parse_sample_type(sat::to_string(t)).has_value());
    EXPECT_EQ(*sat::parse_sample_type(sat::to_string(t)), t);
  }
  EXPECT_EQ(*sat::parse_sample_type("uint16"), sat::SampleType::U16);
  EXPECT_FALSE(sat::parse_sample_type("u12").has_value());
  EXPECT_EQ(sat::sample_bytes(sat::SampleType::U16), 2u);
  EXPECT_EQ(sat::sample_max(sat::SampleType::U16), 65535u);
  EXPECT_STREQ(sat::bits_text(sat::SampleType::U8), "8-bit");
}

TEST(SampleTypes, ViewsGiveBackTheirTypeAndRefuseTheOther) {
  std::vector<uint16_t> pixels(6, 40000);
  const sat::ConstImage16 typed{pixels.data(), 3 * sizeof(uint16_t), 3, 2, 1};
  const sat::ConstImageView view(typed);
  EXPECT_EQ(view.sample, sat::SampleType::U16);
  EXPECT_EQ(view.as16("test").data, pixels.data());
  try {
    (void)view.as8("test");
    FAIL() << "a 16-bit view gave an 8-bit image";
  } catch (const sat::Error& e) {
    EXPECT_NE(std::string(e.what()).find("expected a 8-bit image, got a 16-bit one"), std::string::npos) << e.what();
  }
}

TEST(SampleTypes, EveryFilterTakesEightBits) {
  for (const sat::FilterInfo& info : sat::filter_catalog()) {
    EXPECT_TRUE(sat::takes_samples(info, sat::SampleType::U8)) << info.name;
    EXPECT_FALSE(sat::samples_text(info).empty()) << info.name;
  }
}

TEST(SampleTypes, EveryFilterTakesSixteenBits) {
  for (const sat::FilterInfo& info : sat::filter_catalog()) {
    EXPECT_TRUE(sat::takes_samples(info, sat::SampleType::U16)) << info.name;
    EXPECT_EQ(sat::samples_text(info), "8-bit or 16-bit") << info.name;
  }
}

// What every front-end's refusal reads: a filter listing 8-bit samples only does not take 16.
TEST(SampleTypes, AnEightBitOnlyEntryDoesNotTakeSixteenBits) {
  sat::FilterInfo info = *sat::find_filter("box");
  info.samples = {sat::SampleType::U8};
  EXPECT_FALSE(sat::takes_samples(info, sat::SampleType::U16));
  EXPECT_EQ(sat::samples_text(info), "8-bit");
}

// A 16-bit image of a filter that takes them is filtered (the CPU and CUDA results are the
// sixteen_*_test suites'): dst is written, src is not.
TEST(SampleTypes, AFilterThatTakesSixteenBitsFiltersThem) {
  std::vector<uint16_t> src(16 * 16, 54321), dst(16 * 16, 7);
  sat::FilterEngine engine(sat::Backend::Cpu, {16, 16});
  engine.apply(sat::default_spec("box"), sat::ConstImage16{src.data(), 32, 16, 16, 1},
               sat::Image16{dst.data(), 32, 16, 16, 1});
  EXPECT_EQ(dst, src);  // the box of a constant image is the constant
  EXPECT_EQ(src[0], 54321);
}

TEST(SampleTypes, ViewsOfTwoTypesAreRefusedNamingBoth) {
  std::vector<uint16_t> src(16, 1);
  std::vector<uint8_t> dst(16, 0);
  sat::FilterEngine engine(sat::Backend::Cpu, {4, 4});
  const sat::ConstImageView in(sat::ConstImage16{src.data(), 8, 4, 4, 1});
  const sat::ImageView out(sat::Image8{dst.data(), 4, 4, 4, 1});
  try {
    engine.apply(sat::default_spec("box"), in, out);
    FAIL() << "a 16-bit src with an 8-bit dst was filtered";
  } catch (const sat::Error& e) {
    EXPECT_NE(std::string(e.what()).find("dst must be 16-bit as src is (got 8-bit)"), std::string::npos) << e.what();
  }
}

}  // namespace
