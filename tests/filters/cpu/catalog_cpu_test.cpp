// The filter catalog (sat/filter_spec.h): names and aliases, defaults, every parameter's get /
// set / parse / format, the range texts and the one error text, NaN, choices by name, validate,
// describe and output channels — for box, threshold, Sauvola and Bradley, and the catalog's
// shape for all.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "sat/error.h"
#include "sat/filter_spec.h"
#include "sat/filters.h"

namespace sat {
namespace {

// The message of the sat::Error(InvalidArgument) that f throws, without its call; "" (and a
// failure) when it throws none.
template <class F>
std::string error_of(F&& f, const std::string& call) {
  try {
    f();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::InvalidArgument) << e.what();
    EXPECT_EQ(e.call(), call) << e.what();
    const std::string what = e.what();
    return what.rfind(call + ": ", 0) == 0 ? what.substr(call.size() + 2) : what;
  }
  ADD_FAILURE() << "no sat::Error from " << call;
  return "";
}

TEST(FilterCatalog, ListsEveryFilterInSpecOrder) {
  const std::vector<FilterInfo>& catalog = filter_catalog();
  ASSERT_EQ(catalog.size(), std::variant_size_v<FilterSpec>);
  const std::vector<std::string> first_four{"box", "threshold", "sauvola", "bradley"};
  for (std::size_t i = 0; i < first_four.size(); ++i) EXPECT_EQ(catalog[i].name, first_four[i]);
  for (std::size_t i = 0; i < catalog.size(); ++i) {
    const FilterInfo& info = catalog[i];
    SCOPED_TRACE(std::string(info.name));
    EXPECT_EQ(info.defaults.index(), i) << "defaults are another filter's struct";
    EXPECT_EQ(&info_of(info.defaults), &info);
    EXPECT_EQ(find_filter(info.name), &info);
    for (std::string_view alias : info.aliases) EXPECT_EQ(find_filter(alias), &info) << alias;
    EXPECT_FALSE(info.summary.empty());
    // Parameter names are unique within a filter, and each filter's are found by name.
    for (const ParamInfo& p : info.params) {
      EXPECT_EQ(find_param(info, p.name), &p) << p.name;
      EXPECT_FALSE(p.help.empty()) << p.name;
    }
    // The names of filters and aliases are unique across the catalog.
    for (std::size_t j = 0; j < catalog.size(); ++j)
      if (j != i) {
        EXPECT_NE(catalog[j].name, info.name);
        for (std::string_view alias : catalog[j].aliases) EXPECT_NE(alias, info.name);
      }
  }
}

TEST(FilterCatalog, NamesAndAliases) {
  EXPECT_EQ(find_filter("threshold"), find_filter("mean-c"));
  EXPECT_EQ(find_filter("threshold"), find_filter("adaptive"));
  EXPECT_EQ(find_filter("nope"), nullptr);
  EXPECT_EQ(find_filter(""), nullptr);
  EXPECT_EQ(find_filter("Box"), nullptr) << "names are exact, as the programs take them today";
  EXPECT_TRUE(std::holds_alternative<BoxBlurParams>(default_spec("box")));
  EXPECT_TRUE(std::holds_alternative<MeanCParams>(default_spec("adaptive")));
  EXPECT_TRUE(std::holds_alternative<SauvolaParams>(default_spec("sauvola")));
  EXPECT_TRUE(std::holds_alternative<BradleyParams>(default_spec("bradley")));
  const std::string message = error_of([] { default_spec("blurr"); }, "sat::default_spec");
  EXPECT_EQ(message.rfind("unknown filter \"blurr\" (known: box, threshold, sauvola, bradley", 0), 0) << message;
}

// Each filter's defaults are its parameter struct's, and read back through get_param.
TEST(FilterCatalog, DefaultsAreTheStructDefaults) {
  const FilterSpec box = default_spec("box");
  EXPECT_EQ(get_param(box, "kernel_width"), 3);
  EXPECT_EQ(get_param(box, "kernel_height"), 3);
  EXPECT_EQ(get_param(box, "border"), double(int(Border::Reflect101)));
  EXPECT_EQ(format_param(box, "border"), "reflect101");
  const FilterSpec mc = default_spec("threshold");
  EXPECT_EQ(get_param(mc, "block"), 11);
  EXPECT_EQ(get_param(mc, "C"), 2.0);
  EXPECT_EQ(get_param(mc, "invert"), 0);
  EXPECT_EQ(get_param(mc, "max_value"), 255);
  const FilterSpec sv = default_spec("sauvola");
  EXPECT_EQ(get_param(sv, "window"), 15);
  EXPECT_EQ(get_param(sv, "k"), 0.2);
  EXPECT_EQ(get_param(sv, "r"), 0.0);
  EXPECT_EQ(get_param(sv, "max_value"), 255);
  const FilterSpec br = default_spec("bradley");
  EXPECT_EQ(get_param(br, "window"), 15);
  EXPECT_EQ(get_param(br, "t"), 15.0);
  EXPECT_EQ(get_param(br, "max_value"), 255);
  for (const FilterInfo& info : filter_catalog()) EXPECT_NO_THROW(validate(info.defaults)) << info.name;
}

// The parameters of the four filters, in help order, with their kinds and ranges.
TEST(FilterCatalog, ParametersAndRanges) {
  struct Expect {
    const char* filter;
    std::vector<std::pair<std::string, std::string>> params;  // name, range_text
  };
  const std::vector<Expect> expected = {
      {"box", {{"kernel_width", ">= 1"}, {"kernel_height", ">= 1"}, {"border", "reflect101 | replicate"}}},
      {"threshold",
       {{"block", "odd, 3..46339"}, {"C", "any finite number"}, {"invert", "0 or 1"}, {"max_value", "1..255"}}},
      {"sauvola", {{"window", "odd, 3..46339"}, {"k", "0 < k < 1"}, {"r", ">= 0"}, {"max_value", "1..255"}}},
      {"bradley", {{"window", ">= 1"}, {"t", "0 <= t < 100"}, {"max_value", "1..255"}}},
  };
  for (const Expect& e : expected) {
    const FilterInfo* info = find_filter(e.filter);
    ASSERT_NE(info, nullptr) << e.filter;
    ASSERT_EQ(info->params.size(), e.params.size()) << e.filter;
    for (std::size_t i = 0; i < e.params.size(); ++i) {
      EXPECT_EQ(info->params[i].name, e.params[i].first) << e.filter;
      EXPECT_EQ(range_text(info->params[i]), e.params[i].second) << e.filter << " " << e.params[i].first;
    }
  }
  EXPECT_EQ(find_filter("box")->output, FilterOutput::SameChannels);
  for (const char* f : {"threshold", "sauvola", "bradley"}) EXPECT_EQ(find_filter(f)->output, FilterOutput::Gray) << f;
  EXPECT_EQ(find_param(*find_filter("sauvola"), "nope"), nullptr);
}

// Every parameter of the four filters: set, get, format, parse back — the same value.
TEST(FilterCatalog, EveryParameterRoundTrips) {
  struct Value {
    const char* filter;
    const char* param;
    double value;
    const char* text;
  };
  const std::vector<Value> values = {
      {"box", "kernel_width", 9, "9"},        {"box", "kernel_height", 1, "1"},     {"box", "border", 1, "replicate"},
      {"threshold", "block", 31, "31"},       {"threshold", "C", -2.5, "-2.5"},     {"threshold", "invert", 1, "true"},
      {"threshold", "max_value", 128, "128"}, {"sauvola", "window", 3, "3"},        {"sauvola", "k", 0.34, "0.34"},
      {"sauvola", "r", 127.5, "127.5"},       {"sauvola", "max_value", 1, "1"},     {"bradley", "window", 8, "8"},
      {"bradley", "t", 99.5, "99.5"},         {"bradley", "max_value", 200, "200"},
  };
  for (const Value& v : values) {
    SCOPED_TRACE(std::string(v.filter) + " " + v.param);
    FilterSpec spec = default_spec(v.filter);
    set_param(spec, v.param, v.value);
    EXPECT_EQ(get_param(spec, v.param), v.value);
    EXPECT_EQ(format_param(spec, v.param), v.text);
    FilterSpec parsed = default_spec(v.filter);
    parse_param(parsed, v.param, format_param(spec, v.param));
    EXPECT_EQ(get_param(parsed, v.param), v.value);
    EXPECT_EQ(describe(parsed), describe(spec));
  }
  // The struct sees what set_param wrote.
  FilterSpec spec = default_spec("sauvola");
  set_param(spec, "window", 31);
  set_param(spec, "k", 0.5);
  EXPECT_EQ(std::get<SauvolaParams>(spec).window, 31);
  EXPECT_EQ(std::get<SauvolaParams>(spec).k, 0.5);
  FilterSpec box = default_spec("box");
  parse_param(box, "border", "REPLICATE");  // choices by name, any case
  EXPECT_EQ(std::get<BoxBlurParams>(box).border, Border::Replicate);
  FilterSpec mc = default_spec("threshold");
  for (const char* yes : {"1", "true", "yes", "on", "True"}) {
    set_param(mc, "invert", 0);
    parse_param(mc, "invert", yes);
    EXPECT_TRUE(std::get<MeanCParams>(mc).invert) << yes;
  }
  for (const char* no : {"0", "false", "no", "off"}) {
    set_param(mc, "invert", 1);
    parse_param(mc, "invert", no);
    EXPECT_FALSE(std::get<MeanCParams>(mc).invert) << no;
  }
  parse_param(mc, "C", "+1e1");
  EXPECT_EQ(std::get<MeanCParams>(mc).C, 10.0);
  // Reals format to the shortest text that reads back the same double.
  set_param(mc, "C", 0.1 + 0.2);
  FilterSpec back = default_spec("threshold");
  parse_param(back, "C", format_param(mc, "C"));
  EXPECT_EQ(std::get<MeanCParams>(back).C, 0.1 + 0.2);
}

// Values out of range: refused with the one text, the spec unchanged.
TEST(FilterCatalog, OutOfRangeTexts) {
  struct Bad {
    const char* filter;
    const char* param;
    double value;
    const char* message;
  };
  const double nan = std::nan("");
  const std::vector<Bad> bad = {
      {"box", "kernel_width", 0, "kernel_width must be >= 1 (got 0)"},
      {"box", "kernel_height", -3, "kernel_height must be >= 1 (got -3)"},
      {"box", "kernel_width", 2.5, "kernel_width must be a whole number (got 2.5)"},
      {"box", "kernel_width", 3e9, "kernel_width must be >= 1 and <= 2147483647 (got 3000000000)"},
      {"box", "border", 2, "border must be reflect101 | replicate (got 2)"},
      {"box", "border", nan, "border must be reflect101 | replicate (got nan)"},
      {"threshold", "block", 8, "block must be odd, 3..46339 (got 8)"},
      {"threshold", "block", 1, "block must be odd, 3..46339 (got 1)"},
      {"threshold", "block", -3, "block must be odd, 3..46339 (got -3)"},
      {"threshold", "block", 46341, "block must be odd, 3..46339 (got 46341)"},
      {"threshold", "block", nan, "block must be odd, 3..46339 (got nan)"},
      {"threshold", "C", nan, "C must be finite (got nan)"},
      {"threshold", "C", HUGE_VAL, "C must be finite (got inf)"},
      {"threshold", "invert", 2, "invert must be 0 or 1 (got 2)"},
      {"threshold", "max_value", 0, "max_value must be in 1..255 (got 0)"},
      {"threshold", "max_value", 256, "max_value must be in 1..255 (got 256)"},
      {"sauvola", "window", 14, "window must be odd, 3..46339 (got 14)"},
      {"sauvola", "k", 0, "k must be > 0 and < 1 (got 0)"},
      {"sauvola", "k", 1, "k must be > 0 and < 1 (got 1)"},
      {"sauvola", "k", nan, "k must be > 0 and < 1 (got nan)"},
      {"sauvola", "r", -0.5, "r must be >= 0 and finite (got -0.5)"},
      {"sauvola", "r", HUGE_VAL, "r must be >= 0 and finite (got inf)"},
      {"sauvola", "r", nan, "r must be >= 0 and finite (got nan)"},
      {"bradley", "window", 0, "window must be >= 1 (got 0)"},
      {"bradley", "t", -0.1, "t must be >= 0 and < 100 (got -0.1)"},
      {"bradley", "t", 100, "t must be >= 0 and < 100 (got 100)"},
      {"bradley", "t", nan, "t must be >= 0 and < 100 (got nan)"},
      {"bradley", "max_value", 0.5, "max_value must be a whole number (got 0.5)"},
  };
  for (const Bad& b : bad) {
    SCOPED_TRACE(std::string(b.filter) + " " + b.param);
    FilterSpec spec = default_spec(b.filter);
    const std::string before = describe(spec);
    const double old_value = get_param(spec, b.param);
    EXPECT_EQ(error_of([&] { set_param(spec, b.param, b.value); }, "sat::set_param"), b.message);
    EXPECT_EQ(get_param(spec, b.param), old_value) << "a refused set_param changed the spec";
    EXPECT_EQ(describe(spec), before);
    EXPECT_EQ(param_error(*find_param(info_of(spec), b.param), b.value), b.message);
  }
}

TEST(FilterCatalog, ParseErrors) {
  FilterSpec spec = default_spec("sauvola");
  EXPECT_EQ(error_of([&] { parse_param(spec, "window", "abc"); }, "sat::parse_param"),
            "window must be odd, 3..46339 (got \"abc\")");
  EXPECT_EQ(error_of([&] { parse_param(spec, "window", "15px"); }, "sat::parse_param"),
            "window must be odd, 3..46339 (got \"15px\")");
  EXPECT_EQ(error_of([&] { parse_param(spec, "k", ""); }, "sat::parse_param"), "k must be > 0 and < 1 (got \"\")");
  // nan and inf parse as numbers and are refused by the range, as set_param refuses them.
  EXPECT_EQ(error_of([&] { parse_param(spec, "k", "nan"); }, "sat::set_param"), "k must be > 0 and < 1 (got nan)");
  EXPECT_EQ(error_of([&] { parse_param(spec, "r", "inf"); }, "sat::set_param"), "r must be >= 0 and finite (got inf)");
  FilterSpec box = default_spec("box");
  EXPECT_EQ(error_of([&] { parse_param(box, "border", "reflect"); }, "sat::parse_param"),
            "border must be reflect101 | replicate (got \"reflect\")");
  FilterSpec mc = default_spec("threshold");
  EXPECT_EQ(error_of([&] { parse_param(mc, "invert", "maybe"); }, "sat::parse_param"),
            "invert must be 0 or 1 (got \"maybe\")");
  EXPECT_EQ(describe(spec), "sauvola window 15 k 0.2 r 127.5") << "a refused parse changed the spec";
}

TEST(FilterCatalog, UnknownParameters) {
  FilterSpec spec = default_spec("bradley");
  const std::string known = "bradley has no parameter \"k\" (its parameters: window, t, max_value)";
  EXPECT_EQ(error_of([&] { set_param(spec, "k", 0.2); }, "sat::set_param"), known);
  EXPECT_EQ(error_of([&] { get_param(spec, "k"); }, "sat::get_param"), known);
  EXPECT_EQ(error_of([&] { parse_param(spec, "k", "0.2"); }, "sat::parse_param"), known);
  EXPECT_EQ(error_of([&] { format_param(spec, "k"); }, "sat::format_param"), known);
  EXPECT_EQ(error_of([&] { set_image_param(spec, "k", {}); }, "sat::set_image_param"), known);
  EXPECT_EQ(error_of([&] { set_image_param(spec, "window", {}); }, "sat::set_image_param"),
            "window is not an image parameter");
}

// validate() checks what set_param cannot see: structs filled in directly, and the rules between
// parameters, under the caller's name.
TEST(FilterCatalog, ValidateStructsAndRules) {
  EXPECT_NO_THROW(validate(BoxBlurParams{9001, 1, Border::Replicate}));
  EXPECT_NO_THROW(validate(BoxBlurParams{46340, 46340, Border::Replicate}));
  EXPECT_EQ(error_of(
                [] {
                  validate(BoxBlurParams{46341, 46341, Border::Replicate}, "my_call");
                },
                "my_call"),
            "kernel 46341x46341 is too large (its area must fit in an int)");
  EXPECT_EQ(error_of(
                [] {
                  validate(MeanCParams{11, 2.0, false, 0});
                },
                "sat::validate"),
            "max_value must be in 1..255 (got 0)");
  EXPECT_EQ(error_of(
                [] {
                  validate(SauvolaParams{15, 0.2, -HUGE_VAL, 255});
                },
                "sat::validate"),
            "r must be >= 0 and finite (got -inf)");
  EXPECT_EQ(error_of(
                [] {
                  validate(BoxBlurParams{3, 3, Border(-1)});
                },
                "sat::validate"),
            "border must be reflect101 | replicate (got -1)");
  EXPECT_EQ(format_param(BoxBlurParams{3, 3, Border(9)}, "border"), "9") << "an enum value out of range";
  EXPECT_NO_THROW(validate(MeanCParams{46339, -1e6, true, 1}));
}

// describe(): the one-line texts satlab shows.
TEST(FilterCatalog, Describe) {
  EXPECT_EQ(describe(BoxBlurParams{9, 9, Border::Reflect101}), "box 9x9 reflect101");
  EXPECT_EQ(describe(BoxBlurParams{31, 5, Border::Replicate}), "box 31x5 replicate");
  EXPECT_EQ(describe(MeanCParams{11, 2.0, false, 255}), "threshold block 11 C 2");
  EXPECT_EQ(describe(MeanCParams{11, -2.5, true, 255}), "threshold block 11 C -2.5 inverted");
  EXPECT_EQ(describe(SauvolaParams{15, 0.2, 0.0, 255}), "sauvola window 15 k 0.2 r 127.5");
  EXPECT_EQ(describe(SauvolaParams{31, 0.5, 100.0, 255}), "sauvola window 31 k 0.5 r 100");
  EXPECT_EQ(describe(BradleyParams{15, 15.0, 255}), "bradley window 15 t 15");
}

TEST(FilterCatalog, OutputChannels) {
  for (int cn : {1, 3, 4}) {
    EXPECT_EQ(output_channels(BoxBlurParams{}, cn), cn);
    EXPECT_EQ(output_channels(MeanCParams{}, cn), 1);
    EXPECT_EQ(output_channels(SauvolaParams{}, cn), 1);
    EXPECT_EQ(output_channels(BradleyParams{}, cn), 1);
  }
}

// Ranges in words for every kind and end (the programs' help and every error read these).
TEST(FilterCatalog, RangeTextShapes) {
  ParamInfo p;
  p.name = "x";
  p.kind = ParamKind::Real;
  p.min = 0;
  p.max = 1;
  EXPECT_EQ(range_text(p), "0 <= x <= 1");
  EXPECT_EQ(param_error(p, 2), "x must be >= 0 and <= 1 (got 2)");
  p.min_open = true;
  EXPECT_EQ(range_text(p), "0 < x <= 1");
  p.min = -HUGE_VAL;
  p.max_open = true;
  EXPECT_EQ(range_text(p), "< 1");
  EXPECT_EQ(param_error(p, 1), "x must be < 1 and finite (got 1)");
  p.kind = ParamKind::Int;
  p.min = 0;
  p.max = 1024;
  EXPECT_EQ(range_text(p), "0..1024");
  EXPECT_EQ(param_error(p, 1025), "x must be in 0..1024 (got 1025)");
  p.odd = true;
  p.min = 1;
  p.max = double(INT_MAX);
  EXPECT_EQ(range_text(p), "odd, >= 1");
  EXPECT_EQ(param_error(p, 2), "x must be odd, >= 1 (got 2)");
  p.kind = ParamKind::Choice;
  p.choices = {"a", "b", "c"};
  EXPECT_EQ(range_text(p), "a | b | c");
}

}  // namespace
}  // namespace sat
