// The catalog of detection parameters (sat/detect_params.h): complete (every DetectParams field
// described, in its order), consistent (defaults and usual spans inside the ranges), read and
// written by name with the catalog's range checks, and the same through the C ABI.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "sat/detect.h"
#include "sat/detect_c.h"
#include "sat/error.h"

namespace {

// The sides a parameter has: a size two, a number one.
std::vector<sat::DetectSide> sides_of(const sat::DetectParamInfo& info) {
  if (info.size) return {sat::kWidth, sat::kHeight};
  return {sat::kWidth};
}

std::string refusal(const std::function<void()>& call) {
  try {
    call();
  } catch (const sat::Error& e) {
    EXPECT_EQ(e.code(), sat::ErrorCode::InvalidArgument);
    return e.message();
  }
  return "";
}

TEST(DetectParams, EveryFieldIsDescribedInItsOrder) {
  // Four fields: a field added to DetectParams breaks this binding until the catalog has it.
  auto [scale_factor, min_neighbors, min_size, max_size] = sat::DetectParams{};
  (void)scale_factor, (void)min_neighbors, (void)min_size, (void)max_size;
  const auto& catalog = sat::detect_param_catalog();
  ASSERT_EQ(catalog.size(), 4u);
  EXPECT_EQ(catalog[0].param.name, "scale_factor");
  EXPECT_EQ(catalog[1].param.name, "min_neighbors");
  EXPECT_EQ(catalog[2].param.name, "min_size");
  EXPECT_EQ(catalog[3].param.name, "max_size");
  // Each name reaches its own field: distinct values written by name land where they belong.
  sat::DetectParams p;
  sat::set_detect_param(p, "scale_factor", 1.5);
  sat::set_detect_param(p, "min_neighbors", 7);
  sat::set_detect_param(p, "min_size", 11, sat::kWidth);
  sat::set_detect_param(p, "min_size", 12, sat::kHeight);
  sat::set_detect_param(p, "max_size", 13, sat::kWidth);
  sat::set_detect_param(p, "max_size", 14, sat::kHeight);
  EXPECT_EQ(p.scale_factor, 1.5);
  EXPECT_EQ(p.min_neighbors, 7);
  EXPECT_EQ(p.min_size.width, 11);
  EXPECT_EQ(p.min_size.height, 12);
  EXPECT_EQ(p.max_size.width, 13);
  EXPECT_EQ(p.max_size.height, 14);
  for (const sat::DetectParamInfo& info : catalog)
    for (const sat::DetectSide side : sides_of(info))
      EXPECT_EQ(sat::get_detect_param(p, info.param.name, side), info.param.name == "scale_factor"    ? 1.5
                                                                 : info.param.name == "min_neighbors" ? 7
                                                                 : info.param.name == "min_size"      ? 11 + side
                                                                                                      : 13 + side);
}

TEST(DetectParams, DefaultsAndUsualSpansLieInTheRanges) {
  const sat::DetectParams defaults;
  for (const sat::DetectParamInfo& info : sat::detect_param_catalog()) {
    SCOPED_TRACE(std::string(info.param.name));
    EXPECT_TRUE(info.param.kind == sat::ParamKind::Int || info.param.kind == sat::ParamKind::Real);
    EXPECT_FALSE(info.param.help.empty());
    EXPECT_FALSE(info.size && info.param.kind != sat::ParamKind::Int) << "a size is whole pixels";
    for (const sat::DetectSide side : sides_of(info))
      EXPECT_TRUE(sat::in_range(info.param, sat::get_detect_param(defaults, info.param.name, side)));
    // A size's default is square: the C ABI gives one default for both sides.
    if (info.size)
      EXPECT_EQ(sat::get_detect_param(defaults, info.param.name, sat::kWidth),
                sat::get_detect_param(defaults, info.param.name, sat::kHeight));
    if (info.usual_max > info.usual_min) {
      EXPECT_TRUE(sat::in_range(info.param, info.usual_min));
      EXPECT_TRUE(sat::in_range(info.param, info.usual_max));
    } else {
      EXPECT_EQ(info.usual_min, 0);
      EXPECT_EQ(info.usual_max, 0);
    }
  }
  sat::validate(defaults);  // no throw
}

TEST(DetectParams, OpenCvsDefaultsAndSatcoresRanges) {
  const sat::DetectParams d;
  EXPECT_EQ(d.scale_factor, 1.1);
  EXPECT_EQ(d.min_neighbors, 3);
  const sat::ParamInfo& scale = sat::find_detect_param("scale_factor")->param;
  EXPECT_EQ(sat::range_text(scale), "1 < scale_factor <= 100");
  EXPECT_FALSE(sat::in_range(scale, 1.0));
  EXPECT_TRUE(sat::in_range(scale, std::nextafter(1.0, 2.0)));
  EXPECT_TRUE(sat::in_range(scale, 100.0));
  EXPECT_EQ(sat::range_text(sat::find_detect_param("min_neighbors")->param), ">= 0");
  EXPECT_EQ(sat::range_text(sat::find_detect_param("min_size")->param), ">= 0");
  EXPECT_EQ(sat::find_detect_param("max_size")->param.max, 2147483647.0);
  EXPECT_EQ(sat::find_detect_param("blur"), nullptr);
}

TEST(DetectParams, OutOfRangeValuesAreRefusedNamingTheParameter) {
  sat::DetectParams p;
  EXPECT_EQ(refusal([&] { sat::set_detect_param(p, "scale_factor", 1.0); }),
            "scale_factor must be > 1 and <= 100 (got 1)");
  EXPECT_EQ(refusal([&] { sat::set_detect_param(p, "min_neighbors", 1.5); }),
            "min_neighbors must be a whole number (got 1.5)");
  EXPECT_EQ(refusal([&] { sat::set_detect_param(p, "min_size", -1, sat::kHeight); }), "min_size must be >= 0 (got -1)");
  EXPECT_NE(refusal([&] { sat::set_detect_param(p, "blur", 1); }).find("its parameters: scale_factor, min_neighbors"),
            std::string::npos);
  EXPECT_EQ(p.scale_factor, 1.1) << "a refused value is not written";
  p.max_size.height = -2;
  EXPECT_EQ(refusal([&] { sat::validate(p); }), "max_size must be >= 0 (got -2)");
}

TEST(DetectParams, TheCAbiGivesTheCatalog) {
  const auto& catalog = sat::detect_param_catalog();
  ASSERT_EQ(sat_detect_param_count(), int(catalog.size()));
  for (int i = 0; i < sat_detect_param_count(); ++i) {
    const sat::DetectParamInfo& info = catalog[std::size_t(i)];
    sat_param_info c{};
    ASSERT_EQ(sat_detect_param_info(i, &c), SAT_OK) << sat_last_error();
    EXPECT_EQ(std::string(c.name), info.param.name);
    EXPECT_EQ(c.kind, int(info.param.kind));
    EXPECT_EQ(c.min, info.param.min);
    EXPECT_EQ(c.max, info.param.max);
    EXPECT_EQ(c.min_open != 0, info.param.min_open);
    EXPECT_EQ(c.max_open != 0, info.param.max_open);
    EXPECT_EQ(c.default_value, sat::get_detect_param(sat::DetectParams{}, info.param.name));
    EXPECT_EQ(std::string(c.help), info.param.help);
    EXPECT_EQ(sat_detect_param_is_size(i), info.size ? 1 : 0);
    EXPECT_EQ(std::string(sat_detect_param_range(i)), sat::range_text(info.param));
  }
  sat_param_info c{};
  EXPECT_EQ(sat_detect_param_info(4, &c), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(sat_detect_param_is_size(-1), -1);
  EXPECT_EQ(sat_detect_param_range(4), nullptr);
}

}  // namespace
