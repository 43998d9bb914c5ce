// Variable-radius blur ("variable-blur") on the CPU backend: against cv::blur per radius
// (variable_blur_cases.h), in place, the catalog's description, and the radius map's rules.
#include "../variable_blur_cases.h"
#include "sat/error.h"

namespace sat::test {
namespace {

TEST(VariableBlurCpu, RadiusMapMatchesOpenCv) { check_variable_blur_map_matches_opencv(Backend::Cpu); }
TEST(VariableBlurCpu, GeneratedShapesMatchOpenCv) { check_variable_blur_shapes_match_opencv(Backend::Cpu); }

// The pass reads only the table: dst may be src itself.
TEST(VariableBlurCpu, InPlaceEqualsOutOfPlace) {
  FilterEngine engine(Backend::Cpu, {64, 48});
  for (int cn : {1, 3, 4}) {
    const cv::Mat src = random_image(64, 48, cn, 3900 + cn);
    VariableBlurParams p;
    p.shape = RadiusShape::Focus;
    p.max_radius = 9;
    cv::Mat image = src.clone();
    engine.apply(p, view(image), view(image));
    EXPECT_MAT_EQ(image, reference_variable_blur(src, p, cv::Mat()), "in place, " + std::to_string(cn) + " channels");
  }
}

// A wide image: the CPU keeps its table in bands of 32 rows or so (band_table.h), so each image
// below is filtered in several bands, the rows above a band dropped as it moves down.
TEST(VariableBlurCpu, TableInBandsMatchesOpenCv) {
  FilterEngine engine(Backend::Cpu, {3001, 157});
  for (int cn : {1, 3, 4})
    for (int top : {0, 5, 40}) {
      const cv::Mat src = random_image(3001, 157, cn, 3950 + uint32_t(cn + top));
      const cv::Mat map = random_radius_map(3001, 157, top, 3970 + uint32_t(top));
      VariableBlurParams p;
      p.shape = RadiusShape::Map;
      p.max_radius = top;
      p.radius_map = view(map);
      cv::Mat dst(src.size(), src.type(), cv::Scalar::all(0xCD));
      engine.apply(p, view(src), view(dst));
      EXPECT_MAT_EQ(dst, reference_variable_blur(src, p, map),
                    std::to_string(cn) + " channels, radii up to " + std::to_string(top));
    }
}

TEST(VariableBlurCpu, Description) {
  const FilterInfo* info = find_filter("variable-blur");
  ASSERT_NE(info, nullptr);
  EXPECT_EQ(find_filter("vblur"), info);
  EXPECT_EQ(info->output, FilterOutput::SameChannels);
  EXPECT_EQ(describe(default_spec("vblur")), "variable-blur tilt-shift max 16 at y 0.5 extent 0.15");
  FilterSpec spec = default_spec("variable-blur");
  parse_param(spec, "shape", "focus");
  set_param(spec, "focus_x", 0.25);
  set_param(spec, "max_radius", 128);
  EXPECT_EQ(describe(spec), "variable-blur focus max 128 at 0.25,0.5 extent 0.15");
  EXPECT_EQ(format_param(spec, "shape"), "focus");
  EXPECT_EQ(output_channels(spec, 3), 3);
  const ParamInfo* map = find_param(*info, "radius_map");
  ASSERT_NE(map, nullptr);
  EXPECT_EQ(map->kind, ParamKind::Image);
}

TEST(VariableBlurCpu, BadParametersAreRefusedWithTheCatalogsText) {
  const FilterInfo& info = *find_filter("variable-blur");
  struct Bad {
    const char* param;
    double value;
  };
  const Bad bad[] = {{"max_radius", -1}, {"max_radius", 1025}, {"focus_x", -0.1},
                     {"focus_y", 1.5},   {"extent", 2},        {"shape", 4}};
  for (const Bad& b : bad) {
    SCOPED_TRACE(std::string(b.param) + " = " + std::to_string(b.value));
    const std::string text = param_error(*find_param(info, b.param), b.value);
    FilterSpec spec = default_spec("variable-blur");
    try {
      set_param(spec, b.param, b.value);
      ADD_FAILURE() << "set_param accepted it";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(text), std::string::npos) << e.what() << " lacks " << text;
    }
  }
}

// Shape map needs a 1-channel map of the image's size that dst does not overlap; a map with
// another shape is refused (it would be ignored). dst is untouched in every case.
TEST(VariableBlurCpu, RadiusMapRules) {
  FilterEngine engine(Backend::Cpu, {32, 32});
  const cv::Mat src = random_image(20, 10, 3, 4000);
  const cv::Mat map = random_radius_map(20, 10, 5, 4001);
  const cv::Mat small = random_radius_map(19, 10, 5, 4002);
  const cv::Mat colour_map = random_image(20, 10, 3, 4003);
  cv::Mat dst(10, 20, CV_8UC3, cv::Scalar::all(0x5A));
  const auto refused = [&](VariableBlurParams p, ConstImage8 s, Image8 d, const std::string& words) {
    SCOPED_TRACE(words);
    try {
      engine.apply(p, s, d);
      ADD_FAILURE() << "accepted";
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), ErrorCode::InvalidArgument);
      EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
  };
  VariableBlurParams p;
  p.shape = RadiusShape::Map;
  refused(p, view(src), view(dst), "needs a radius_map");
  p.radius_map = view(small);
  refused(p, view(src), view(dst), "radius_map is 19x10 but src is 20x10");
  p.radius_map = view(colour_map);
  refused(p, view(src), view(dst), "radius_map must have 1 channel");
  cv::Mat gray_dst(10, 20, CV_8UC1, cv::Scalar(0x5A));
  cv::Mat gray_src = random_image(20, 10, 1, 4004);
  p.radius_map = view(gray_dst);
  refused(p, view(gray_src), view(gray_dst), "radius_map overlaps dst");
  VariableBlurParams tilt;
  tilt.radius_map = view(map);
  refused(tilt, view(src), view(dst), "radius_map is only read by shape map");
  EXPECT_EQ(cv::countNonZero(dst.reshape(1) != 0x5A), 0) << "dst was written";
  EXPECT_EQ(cv::countNonZero(gray_dst != 0x5A), 0) << "dst was written";
  // And the valid call works.
  p.radius_map = view(map);
  EXPECT_NO_THROW(engine.apply(p, view(src), view(dst)));
}

}  // namespace
}  // namespace sat::test
