// The C ABI's filters (sat/sat_c.h): sat_filter_apply with every filter of the catalog by name and
// its parameters by text and by value, the catalog's texts for unknown names and values out of
// range, the image checks, the four per-filter functions (sat_box_blur, sat_threshold_*) equal to
// it, and the catalog introspection equal to the C++ catalog (sat/filter_spec.h). CPU backend: no
// GPU needed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "sat/filter_spec.h"
#include "sat/filters.h"
#include "sat/sat_c.h"

// The deprecated per-filter entry points are checked here too (they must keep working).
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

namespace sat {
namespace {

// A host image of random bytes, rows `pitch` bytes apart.
struct HostImage {
  std::vector<uint8_t> bytes;
  sat_image8 image{};

  HostImage(int width, int height, int channels, uint32_t seed, std::size_t extra_pitch = 0) {
    const std::size_t pitch = std::size_t(width) * channels + extra_pitch;
    bytes.resize(pitch * std::size_t(height));
    std::mt19937 rng(seed);
    for (uint8_t& b : bytes) b = uint8_t(rng() & 255u);
    image = {bytes.data(), pitch, width, height, channels};
  }
  ConstImage8 cpp() const { return {image.data, image.pitch, image.width, image.height, image.channels}; }
  Image8 cpp_out() { return {image.data, image.pitch, image.width, image.height, image.channels}; }
};

sat_filter_param by_value(const char* name, double value) { return {name, value, nullptr, nullptr}; }
sat_filter_param by_text(const char* name, const char* text) { return {name, 0.0, text, nullptr}; }

class CAbiFilters : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(sat_filter_engine_create(SAT_BACKEND_CPU, 64, 48, nullptr, &engine), SAT_OK) << sat_last_error();
  }
  void TearDown() override { sat_filter_engine_destroy(engine); }

  // sat_filter_apply on src into a fresh dst of `dst_channels` (filled with 0x5A); dst's bytes.
  std::vector<uint8_t> apply(const char* filter, const std::vector<sat_filter_param>& params, const HostImage& src,
                             int dst_channels, sat_status expected = SAT_OK) {
    HostImage dst(src.image.width, src.image.height, dst_channels, 0);
    std::fill(dst.bytes.begin(), dst.bytes.end(), uint8_t(0x5A));
    EXPECT_EQ(sat_filter_apply(engine, filter, params.data(), int(params.size()), &src.image, &dst.image, nullptr),
              expected)
        << sat_last_error();
    return dst.bytes;
  }

  sat_filter_engine* engine = nullptr;
  FilterEngine cpp{Backend::Cpu, {64, 48}};
};

// Every filter by name (and alias), each parameter given by text or by value: the bytes of the
// C++ engine's apply with the same spec.
TEST_F(CAbiFilters, EveryFilterByNameEqualsTheCppEngine) {
  struct Case {
    const char* filter;
    std::vector<sat_filter_param> params;
    FilterSpec spec;
  };
  const std::vector<Case> cases = {
      {"box", {}, BoxBlurParams{}},
      {"box",
       {by_value("kernel_width", 7), by_text("kernel_height", "3"), by_text("border", "replicate")},
       BoxBlurParams{7, 3, Border::Replicate}},
      {"box", {by_value("border", 1), by_value("kernel_width", 101)}, BoxBlurParams{101, 3, Border::Replicate}},
      {"threshold",
       {by_value("block", 9), by_text("C", "-2.5"), by_text("invert", "true"), by_value("max_value", 200)},
       MeanCParams{9, -2.5, true, 200}},
      {"mean-c", {by_value("invert", 1)}, MeanCParams{11, 2.0, true, 255}},
      {"adaptive", {by_text("block", "31")}, MeanCParams{31, 2.0, false, 255}},
      {"sauvola",
       {by_text("window", "21"), by_value("k", 0.34), by_text("r", "100")},
       SauvolaParams{21, 0.34, 100.0, 255}},
      {"sauvola", {}, SauvolaParams{}},
      {"bradley", {by_value("window", 8), by_text("t", "7.5"), by_value("max_value", 1)}, BradleyParams{8, 7.5, 1}},
  };
  uint32_t seed = 40;
  for (const Case& c : cases)
    for (int cn : {1, 3, 4}) {
      SCOPED_TRACE(std::string(c.filter) + " as " + describe(c.spec) + ", " + std::to_string(cn) + " channels");
      const HostImage src(37, 29, cn, seed++, 5);
      const int out_cn = output_channels(c.spec, cn);
      const std::vector<uint8_t> got = apply(c.filter, c.params, src, out_cn);
      HostImage want(37, 29, out_cn, 0);
      cpp.apply(c.spec, src.cpp(), want.cpp_out());
      EXPECT_EQ(got, want.bytes);
    }
}

// The four per-filter functions are the same filters: the same bytes as sat_filter_apply, and
// their errors name themselves.
TEST_F(CAbiFilters, OldFunctionsEqualApply) {
  const HostImage src(33, 21, 3, 77);
  HostImage dst(33, 21, 3, 0), gray(33, 21, 1, 0);
  ASSERT_EQ(sat_box_blur(engine, &src.image, &dst.image, 5, 9, SAT_BORDER_REPLICATE, nullptr), SAT_OK);
  EXPECT_EQ(dst.bytes,
            apply("box", {by_value("kernel_width", 5), by_value("kernel_height", 9), by_value("border", 1)}, src, 3));
  ASSERT_EQ(sat_threshold_mean_c(engine, &src.image, &gray.image, 13, 1.5, 1, 99, nullptr), SAT_OK);
  EXPECT_EQ(
      gray.bytes,
      apply("threshold", {by_value("block", 13), by_value("C", 1.5), by_value("invert", 1), by_value("max_value", 99)},
            src, 1));
  ASSERT_EQ(sat_threshold_sauvola(engine, &src.image, &gray.image, 9, 0.3, 0.0, 255, nullptr), SAT_OK);
  EXPECT_EQ(gray.bytes, apply("sauvola", {by_value("window", 9), by_value("k", 0.3)}, src, 1));
  ASSERT_EQ(sat_threshold_bradley(engine, &src.image, &gray.image, 6, 20.0, 255, nullptr), SAT_OK);
  EXPECT_EQ(gray.bytes, apply("bradley", {by_value("window", 6), by_value("t", 20.0)}, src, 1));

  EXPECT_EQ(sat_box_blur(engine, &src.image, &dst.image, 0, 3, SAT_BORDER_REPLICATE, nullptr),
            SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(sat_last_error(), "sat_box_blur: kernel_width must be >= 1 (got 0)");
  EXPECT_EQ(sat_box_blur(engine, &src.image, &dst.image, 3, 3, 2, nullptr), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(sat_last_error(), "sat_box_blur: border must be reflect101 | replicate (got 2)");
  EXPECT_EQ(sat_threshold_sauvola(engine, &src.image, &gray.image, 9, 1.5, 0.0, 255, nullptr),
            SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(sat_last_error(), "sat_threshold_sauvola: k must be > 0 and < 1 (got 1.5)");
}

// Names the catalog does not know, values out of range, text that is not a value: the catalog's
// own text under "sat_filter_apply: ", nothing written.
TEST_F(CAbiFilters, RefusedWithTheCatalogsText) {
  const HostImage src(16, 12, 1, 5);
  const std::vector<uint8_t> untouched(16 * 12, 0x5A);
  const auto expect_refused = [&](const char* filter, const std::vector<sat_filter_param>& params,
                                  const std::string& message) {
    SCOPED_TRACE(message);
    EXPECT_EQ(apply(filter, params, src, 1, SAT_ERROR_INVALID_ARGUMENT), untouched) << "a refused call wrote dst";
    EXPECT_EQ(std::string(sat_last_error()), message);
  };
  std::string known;
  for (const FilterInfo& info : filter_catalog()) known += (known.empty() ? "" : ", ") + std::string(info.name);
  expect_refused("blur", {}, "sat_filter_apply: unknown filter \"blur\" (known: " + known + ")");
  expect_refused("sauvola", {by_value("radius", 3)},
                 "sat_filter_apply: sauvola has no parameter \"radius\" (its parameters: window, k, r, max_value)");
  expect_refused("sauvola", {by_value("window", 8)}, "sat_filter_apply: window must be odd, 3..46339 (got 8)");
  expect_refused("sauvola", {by_value("k", std::nan(""))}, "sat_filter_apply: k must be > 0 and < 1 (got nan)");
  expect_refused("sauvola", {by_text("k", "nan")}, "sat_filter_apply: k must be > 0 and < 1 (got nan)");
  expect_refused("sauvola", {by_text("window", "abc")}, "sat_filter_apply: window must be odd, 3..46339 (got \"abc\")");
  expect_refused("threshold", {by_value("max_value", 0)}, "sat_filter_apply: max_value must be in 1..255 (got 0)");
  expect_refused("threshold", {by_text("invert", "2")}, "sat_filter_apply: invert must be 0 or 1 (got 2)");
  expect_refused("bradley", {by_value("t", 100)}, "sat_filter_apply: t must be >= 0 and < 100 (got 100)");
  expect_refused("threshold", {by_value("block", 5), by_value("C", HUGE_VAL)},
                 "sat_filter_apply: C must be finite (got inf)");
  // The message is param_error()'s: one text in every surface.
  const ParamInfo& window = *find_param(*find_filter("sauvola"), "window");
  expect_refused("sauvola", {by_value("window", 4)}, "sat_filter_apply: " + param_error(window, 4));
  // The box's rule between its parameters.
  HostImage box_src(16, 12, 1, 6);
  EXPECT_EQ(apply("box", {by_value("kernel_width", 70000), by_value("kernel_height", 70000)}, box_src, 1,
                  SAT_ERROR_INVALID_ARGUMENT),
            untouched);
  EXPECT_STREQ(sat_last_error(), "sat_filter_apply: kernel 70000x70000 is too large (its area must fit in an int)");
  // The wrong channel count for a gray output.
  const HostImage color(16, 12, 3, 7);
  HostImage dst3(16, 12, 3, 0);
  EXPECT_EQ(sat_filter_apply(engine, "sauvola", nullptr, 0, &color.image, &dst3.image, nullptr),
            SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(sat_last_error(), "sat_filter_apply: dst must have 1 channel (got 3)");
}

TEST_F(CAbiFilters, NullAndNegativeArguments) {
  const HostImage src(8, 8, 1, 1);
  HostImage dst(8, 8, 1, 2);
  const sat_filter_param window = by_value("window", 5);
  const sat_filter_param unnamed = by_value(nullptr, 5);
  const auto expect = [](sat_status status, const char* message) {
    EXPECT_EQ(status, SAT_ERROR_INVALID_ARGUMENT);
    EXPECT_STREQ(sat_last_error(), message);
  };
  expect(sat_filter_apply(nullptr, "box", nullptr, 0, &src.image, &dst.image, nullptr),
         "sat_filter_apply: engine is null");
  expect(sat_filter_apply(engine, nullptr, nullptr, 0, &src.image, &dst.image, nullptr),
         "sat_filter_apply: filter name is null");
  expect(sat_filter_apply(engine, "box", nullptr, 1, &src.image, &dst.image, nullptr),
         "sat_filter_apply: params is null");
  expect(sat_filter_apply(engine, "box", &window, -1, &src.image, &dst.image, nullptr),
         "sat_filter_apply: param_count must be >= 0 (got -1)");
  expect(sat_filter_apply(engine, "bradley", &unnamed, 1, &src.image, &dst.image, nullptr),
         "sat_filter_apply: params[0].name is null");
  expect(sat_filter_apply(engine, "bradley", &window, 1, nullptr, &dst.image, nullptr),
         "sat_filter_apply: source image is null");
  expect(sat_filter_apply(engine, "bradley", &window, 1, &src.image, nullptr, nullptr),
         "sat_filter_apply: destination image is null");
  EXPECT_EQ(sat_filter_apply(engine, "bradley", &window, 1, &src.image, &dst.image, nullptr), SAT_OK);
  EXPECT_STREQ(sat_last_error(), "") << "a call that succeeded clears the message";
}

// src and dst spans that do not fit in the address space: refused (the plane checks).
TEST_F(CAbiFilters, RejectsHugePitches) {
  std::vector<uint8_t> src(16 * 16, 9), dst(16 * 16, 0);
  const sat_image8 s{src.data(), 16, 16, 16, 1};
  for (std::size_t pitch : {std::size_t(1) << 60, SIZE_MAX / 8}) {
    SCOPED_TRACE("pitch " + std::to_string(pitch));
    const sat_image8 d{dst.data(), pitch, 16, 16, 1};
    EXPECT_EQ(sat_filter_apply(engine, "bradley", nullptr, 0, &s, &d, nullptr), SAT_ERROR_INVALID_ARGUMENT);
    std::string message = sat_last_error();
    EXPECT_NE(message.find("sat_filter_apply: dst pitch " + std::to_string(pitch)), std::string::npos) << message;
    EXPECT_NE(message.find("does not fit in the address space"), std::string::npos) << message;
    const sat_image8 huge_src{src.data(), pitch, 16, 16, 1};
    const sat_image8 good_dst{dst.data(), 16, 16, 16, 1};
    EXPECT_EQ(sat_filter_apply(engine, "box", nullptr, 0, &huge_src, &good_dst, nullptr), SAT_ERROR_INVALID_ARGUMENT);
    message = sat_last_error();
    EXPECT_NE(message.find("sat_filter_apply: src pitch " + std::to_string(pitch)), std::string::npos) << message;
  }
  EXPECT_EQ(dst, std::vector<uint8_t>(16 * 16, 0)) << "a rejected call wrote dst";
}

// An image parameter (a radius map) is checked as src and dst are, under its own name, before
// anything runs; a missing image is refused. Runs once the catalog has a filter with one.
TEST_F(CAbiFilters, ImageParametersAreCheckedBeforeAnythingRuns) {
  const FilterInfo* with_image = nullptr;
  const ParamInfo* image_param = nullptr;
  for (const FilterInfo& info : filter_catalog())
    for (const ParamInfo& p : info.params)
      if (p.kind == ParamKind::Image && !with_image) {
        with_image = &info;
        image_param = &p;
      }
  if (!with_image) GTEST_SKIP() << "no filter of the catalog takes an image parameter yet";
  const std::string filter(with_image->name), name(image_param->name);
  const HostImage src(16, 12, 1, 3);
  std::vector<uint8_t> map(16 * 12, 1);
  for (std::size_t pitch : {std::size_t(1) << 60, SIZE_MAX / 8}) {
    const sat_image8 huge{map.data(), pitch, 16, 12, 1};
    const sat_filter_param p{name.c_str(), 0.0, nullptr, &huge};
    const std::vector<uint8_t> untouched(16 * 12, 0x5A);
    EXPECT_EQ(apply(filter.c_str(), {p}, src, 1, SAT_ERROR_INVALID_ARGUMENT), untouched);  // gray src: 1 channel out
    const std::string message = sat_last_error();
    EXPECT_NE(message.find("sat_filter_apply: " + name + " pitch " + std::to_string(pitch)), std::string::npos)
        << message;
    EXPECT_NE(message.find("does not fit in the address space"), std::string::npos) << message;
  }
  const sat_filter_param missing{name.c_str(), 0.0, nullptr, nullptr};
  apply(filter.c_str(), {missing}, src, 1, SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(std::string(sat_last_error()),
            "sat_filter_apply: " + name + " is an image parameter: give it as params[0].image");
}

// The introspection functions read the C++ catalog: every filter, every parameter, every choice.
TEST(CAbiCatalog, MatchesTheCppCatalog) {
  const std::vector<FilterInfo>& catalog = filter_catalog();
  ASSERT_EQ(sat_filter_count(), int(catalog.size()));
  for (int f = 0; f < sat_filter_count(); ++f) {
    const FilterInfo& info = catalog[std::size_t(f)];
    SCOPED_TRACE(std::string(info.name));
    EXPECT_EQ(sat_filter_name(f), std::string(info.name));
    EXPECT_EQ(sat_filter_summary(f), std::string(info.summary));
    EXPECT_EQ(sat_filter_find(sat_filter_name(f)), f);
    for (std::string_view alias : info.aliases) EXPECT_EQ(sat_filter_find(std::string(alias).c_str()), f);
    EXPECT_EQ(sat_filter_gray_output(f), info.output == FilterOutput::Gray ? 1 : 0);
    ASSERT_EQ(sat_filter_param_count(f), int(info.params.size()));
    for (int p = 0; p < sat_filter_param_count(f); ++p) {
      const ParamInfo& param = info.params[std::size_t(p)];
      SCOPED_TRACE(std::string(param.name));
      sat_param_info c{};
      ASSERT_EQ(sat_filter_param_info(f, p, &c), SAT_OK) << sat_last_error();
      EXPECT_EQ(c.name, std::string(param.name));
      EXPECT_EQ(c.kind, int(param.kind));
      EXPECT_EQ(c.min, param.min);
      EXPECT_EQ(c.max, param.max);
      EXPECT_EQ(c.min_open, param.min_open ? 1 : 0);
      EXPECT_EQ(c.max_open, param.max_open ? 1 : 0);
      EXPECT_EQ(c.odd, param.odd ? 1 : 0);
      EXPECT_EQ(c.choice_count, int(param.choices.size()));
      EXPECT_EQ(c.step, param.step);
      EXPECT_EQ(c.help, std::string(param.help));
      if (param.kind != ParamKind::Image) {
        EXPECT_EQ(c.default_value, get_param(info.defaults, param.name));
      }
      EXPECT_EQ(sat_filter_param_range(f, p), range_text(param));
      for (int k = 0; k < c.choice_count; ++k)
        EXPECT_EQ(sat_filter_param_choice(f, p, k), std::string(param.choices[std::size_t(k)]));
      EXPECT_EQ(sat_filter_param_choice(f, p, c.choice_count), nullptr);
      EXPECT_EQ(sat_filter_param_choice(f, p, -1), nullptr);
    }
    sat_param_info c{};
    EXPECT_EQ(sat_filter_param_info(f, sat_filter_param_count(f), &c), SAT_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(sat_filter_param_range(f, -1), nullptr);
  }
  // The values of the catalog's filters, as bindings see them.
  const int sauvola = sat_filter_find("sauvola");
  sat_param_info k{};
  ASSERT_EQ(sat_filter_param_info(sauvola, 1, &k), SAT_OK);
  EXPECT_STREQ(k.name, "k");
  EXPECT_EQ(k.kind, SAT_PARAM_REAL);
  EXPECT_EQ(k.default_value, 0.2);
  EXPECT_EQ(k.min_open + k.max_open, 2);
  EXPECT_STREQ(sat_filter_param_range(sauvola, 1), "0 < k < 1");
  EXPECT_STREQ(sat_filter_param_range(sat_filter_find("threshold"), 0), "odd, 3..46339");
  // Out of range indices and names.
  EXPECT_EQ(sat_filter_name(-1), nullptr);
  EXPECT_EQ(sat_filter_name(sat_filter_count()), nullptr);
  EXPECT_EQ(sat_filter_summary(sat_filter_count()), nullptr);
  EXPECT_EQ(sat_filter_find("nope"), -1);
  EXPECT_EQ(sat_filter_find(nullptr), -1);
  EXPECT_EQ(sat_filter_gray_output(99), -1);
  EXPECT_EQ(sat_filter_param_count(-3), -1);
  EXPECT_EQ(sat_filter_param_choice(99, 0, 0), nullptr);
  sat_param_info c{};
  EXPECT_EQ(sat_filter_param_info(99, 0, &c), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(sat_filter_param_info(0, 0, nullptr), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(sat_last_error(), "sat_filter_param_info: result pointer is null");
}

// The footprint (the halo a tile needs) of every filter, as tiled processing reads it.
TEST(CApiFilters, FootprintOfEveryFilterFollowsItsParameters) {
  sat_filter_footprint f{};
  for (int i = 0; i < sat_filter_count(); ++i) {
    ASSERT_EQ(sat_filter_get_footprint(sat_filter_name(i), nullptr, 0, &f), SAT_OK) << sat_filter_name(i);
    EXPECT_GE(f.halo_x, 0);
    EXPECT_GE(f.halo_y, 0);
  }
  const sat_filter_param sauvola[] = {{"window", 31, nullptr, nullptr}};
  ASSERT_EQ(sat_filter_get_footprint("sauvola", sauvola, 1, &f), SAT_OK);
  EXPECT_EQ(f.halo_x, 15);
  EXPECT_EQ(f.halo_y, 15);
  EXPECT_EQ(f.position_dependent, 0);
  const sat_filter_param box[] = {{"kernel_width", 0, "9", nullptr}, {"kernel_height", 4, nullptr, nullptr}};
  ASSERT_EQ(sat_filter_get_footprint("box", box, 2, &f), SAT_OK);
  EXPECT_EQ(f.halo_x, 4);
  EXPECT_EQ(f.halo_y, 2);
  const sat_filter_param guided[] = {{"radius", 5, nullptr, nullptr}};
  ASSERT_EQ(sat_filter_get_footprint("guided", guided, 1, &f), SAT_OK);
  EXPECT_EQ(f.halo_x, 10);  // two box passes of radius 5
  ASSERT_EQ(sat_filter_get_footprint("variable-blur", nullptr, 0, &f), SAT_OK);
  EXPECT_EQ(f.position_dependent, 1);  // tilt-shift: generated from the image's size
  const sat_filter_param map[] = {{"shape", 0, "map", nullptr}, {"max_radius", 7, nullptr, nullptr}};
  ASSERT_EQ(sat_filter_get_footprint("variable-blur", map, 2, &f), SAT_OK);
  EXPECT_EQ(f.position_dependent, 0);
  EXPECT_EQ(f.halo_y, 7);
  const sat_filter_param even[] = {{"window", 8, nullptr, nullptr}};
  EXPECT_EQ(sat_filter_get_footprint("sauvola", even, 1, &f), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(sat_last_error()).find("sat_filter_get_footprint: window must be odd"), std::string::npos)
      << sat_last_error();
  EXPECT_EQ(sat_filter_get_footprint("sauvola", nullptr, 0, nullptr), SAT_ERROR_INVALID_ARGUMENT);
}

// 16-bit images through the C ABI: the filters that list SAT_SAMPLE_U16 give the C++ engine's
// bytes; the others are refused naming the type, before dst is written.
TEST_F(CAbiFilters, SixteenBitImagesEqualTheCppEngineAndOthersAreRefused) {
  const int w = 37, h = 21;
  std::vector<uint16_t> src(std::size_t(w) * h * 3);
  std::mt19937 rng(16);
  for (uint16_t& v : src) v = uint16_t(rng() & 0xffffu);
  for (int f = 0; f < sat_filter_count(); ++f) {
    const int types = sat_filter_sample_types(f);
    EXPECT_TRUE(types & SAT_SAMPLE_U8) << sat_filter_name(f);
    const FilterInfo& info = filter_catalog()[std::size_t(f)];
    EXPECT_EQ((types & SAT_SAMPLE_U16) != 0, takes_samples(info, SampleType::U16)) << info.name;
    // 1 channel: every filter that takes 16-bit samples takes 1-channel images (box and the
    // variable blur colour ones too, checked by their own suites).
    const int cn = (types & SAT_SAMPLE_U16) ? 1 : 3;
    const int out_cn = output_channels(info.defaults, cn);
    const sat_image16 in{src.data(), std::size_t(w) * cn * 2, w, h, cn};
    std::vector<uint16_t> got(std::size_t(w) * h * out_cn, 0x5A5A), want(got.size(), 0);
    const sat_image16 out{got.data(), std::size_t(w) * out_cn * 2, w, h, out_cn};
    const sat_status status = sat_filter_apply16(engine, sat_filter_name(f), nullptr, 0, &in, &out, nullptr);
    if (!(types & SAT_SAMPLE_U16)) {
      EXPECT_EQ(status, SAT_ERROR_INVALID_ARGUMENT) << info.name;
      EXPECT_NE(std::string(sat_last_error()).find("sat_filter_apply16"), std::string::npos) << sat_last_error();
      EXPECT_NE(std::string(sat_last_error()).find("takes 8-bit images only (got 16-bit)"), std::string::npos)
          << sat_last_error();
      EXPECT_EQ(got[0], 0x5A5A) << info.name;
      continue;
    }
    ASSERT_EQ(status, SAT_OK) << sat_last_error();
    cpp.apply(info.defaults, ConstImage16{src.data(), std::size_t(w) * cn * 2, w, h, cn},
              Image16{want.data(), std::size_t(w) * out_cn * 2, w, h, out_cn});
    EXPECT_EQ(got, want) << info.name;
  }
  EXPECT_EQ(sat_filter_sample_types(-1), 0);
  EXPECT_EQ(sat_filter_sample_types(sat_filter_count()), 0);
}

TEST_F(CAbiFilters, SixteenBitSessionEqualsTheEngine) {
  const int w = 29, h = 17;
  std::vector<uint16_t> src(std::size_t(w) * h), got(src.size(), 1), want(src.size(), 2);
  std::mt19937 rng(61);
  for (uint16_t& v : src) v = uint16_t(rng() & 0xffffu);
  const sat_image16 in{src.data(), std::size_t(w) * 2, w, h, 1};
  const sat_image16 out{got.data(), std::size_t(w) * 2, w, h, 1}, ref{want.data(), std::size_t(w) * 2, w, h, 1};
  sat_filter_session* session = nullptr;
  ASSERT_EQ(sat_filter_session_create(SAT_BACKEND_CPU, nullptr, &session), SAT_OK) << sat_last_error();
  for (int f = 0; f < sat_filter_count(); ++f) {
    const char* filter = sat_filter_name(f);
    ASSERT_EQ(sat_filter_session_apply16(session, filter, nullptr, 0, &in, &out, nullptr), SAT_OK) << sat_last_error();
    ASSERT_EQ(sat_filter_apply16(engine, filter, nullptr, 0, &in, &ref, nullptr), SAT_OK) << sat_last_error();
    EXPECT_EQ(got, want) << filter;
  }
  // A 16-bit colour image for a filter that takes 16-bit gray ones: refused, naming the call.
  std::vector<uint16_t> colour(src.size() * 3, 9), colour_out(colour.size(), 1);
  const sat_image16 in3{colour.data(), std::size_t(w) * 6, w, h, 3},
      out3{colour_out.data(), std::size_t(w) * 6, w, h, 3};
  EXPECT_NE(sat_filter_session_apply16(session, "kuwahara", nullptr, 0, &in3, &out3, nullptr), SAT_OK);
  EXPECT_NE(std::string(sat_last_error()).find("sat_filter_session_apply16"), std::string::npos) << sat_last_error();
  EXPECT_NE(std::string(sat_last_error()).find("must have 1 channel"), std::string::npos) << sat_last_error();
  EXPECT_EQ(colour_out[0], 1);
  sat_filter_session_destroy(session);
}

TEST_F(CAbiFilters, SixteenBitParametersAndImageChecksNameTheCFunction) {
  std::vector<uint16_t> src(16 * 8, 40000), dst(16 * 8, 1);
  const sat_image16 in{src.data(), 16 * 2, 16, 8, 1};
  const sat_image16 out{dst.data(), 16 * 2, 16, 8, 1};
  const sat_filter_param window = by_value("window", 8);
  EXPECT_EQ(sat_filter_apply16(engine, "sauvola", &window, 1, &in, &out, nullptr), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(sat_last_error()).find("sat_filter_apply16: window must be odd"), std::string::npos)
      << sat_last_error();
  const sat_image16 odd_pitch{dst.data(), 16 * 2 + 1, 16, 7, 1};
  EXPECT_EQ(sat_filter_apply16(engine, "box", nullptr, 0, &in, &odd_pitch, nullptr), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(sat_filter_apply16(engine, "box", nullptr, 0, nullptr, &out, nullptr), SAT_ERROR_INVALID_ARGUMENT);
  const sat_filter_param kernel = by_text("kernel_width", "1");
  const sat_filter_param kernel_h = by_text("kernel_height", "1");
  const sat_filter_param both[] = {kernel, kernel_h};
  ASSERT_EQ(sat_filter_apply16(engine, "box", both, 2, &in, &out, nullptr), SAT_OK) << sat_last_error();
  EXPECT_EQ(dst, src);  // a 1x1 box copies
}

}  // namespace
}  // namespace sat
