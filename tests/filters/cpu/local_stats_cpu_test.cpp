// Local statistics ("local") on the CPU backend: against the brute-force reference
// (local_stats_cases.h), in place, the catalog's description and its refusals.
#include <cstring>

#include "../local_stats_cases.h"
#include "sat/error.h"

namespace sat::test {
namespace {

TEST(LocalStatsCpu, MatchesBruteForceReference) { check_local_stats_matches_reference(Backend::Cpu); }
TEST(LocalStatsCpu, ExtremeSums) { check_local_stats_extreme_sums(Backend::Cpu); }

// dst == src (gray, in place): the running sums read rows below the one written, so the engine
// must read a copy.
TEST(LocalStatsCpu, InPlaceEqualsOutOfPlace) {
  FilterEngine engine(Backend::Cpu, {64, 48});
  const cv::Mat src = textured_image(64, 48, 1, 2900);
  for (LocalStat output : {LocalStat::Mean, LocalStat::Contrast}) {
    LocalStatsParams p;
    p.window = 9;
    p.output = output;
    cv::Mat image = src.clone();
    engine.apply(p, view(image), view(image));
    EXPECT_MAT_EQ(image, reference_local_stats(src, p), "in place");
  }
}

TEST(LocalStatsCpu, Description) {
  const FilterInfo* info = find_filter("local");
  ASSERT_NE(info, nullptr);
  EXPECT_EQ(find_filter("local-stats"), info);
  EXPECT_EQ(info->output, FilterOutput::Gray);
  EXPECT_EQ(describe(default_spec("local")), "local contrast window 15 gain 32 c 4");
  FilterSpec spec = default_spec("local-stats");
  parse_param(spec, "stat", "variance");
  set_param(spec, "window", 31);
  set_param(spec, "scale", 16);
  EXPECT_EQ(describe(spec), "local variance window 31 scale 16");
  EXPECT_EQ(format_param(spec, "stat"), "variance");
  const auto& p = std::get<LocalStatsParams>(spec);
  EXPECT_EQ(p.window, 31);
  EXPECT_EQ(p.output, LocalStat::Variance);
  EXPECT_EQ(p.scale, 16.0);
  EXPECT_EQ(output_channels(spec, 3), 1);
}

// Each out-of-range value is refused with the catalog's text (param_error) by set_param, by
// validate and by apply, and apply writes nothing.
TEST(LocalStatsCpu, BadParametersAreRefusedBeforeAnythingRuns) {
  const FilterInfo& info = *find_filter("local");
  struct Bad {
    const char* param;
    double value;
  };
  const Bad bad[] = {{"window", 0}, {"window", 8}, {"window", 4097}, {"scale", 0}, {"scale", -1},
                     {"gain", 0},   {"c", 0},      {"c", -2},        {"stat", 4}};
  FilterEngine engine(Backend::Cpu, {16, 16});
  const cv::Mat src = random_image(16, 16, 1, 1);
  for (const Bad& b : bad) {
    SCOPED_TRACE(std::string(b.param) + " = " + std::to_string(b.value));
    const std::string text = param_error(*find_param(info, b.param), b.value);
    FilterSpec spec = default_spec("local");
    try {
      set_param(spec, b.param, b.value);
      ADD_FAILURE() << "set_param accepted it";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(text), std::string::npos) << e.what() << " lacks " << text;
    }
    // Past set_param (a struct filled directly): validate and apply refuse it alike.
    auto& p = std::get<LocalStatsParams>(spec);
    if (std::string(b.param) == "window") p.window = int(b.value);
    if (std::string(b.param) == "scale") p.scale = b.value;
    if (std::string(b.param) == "gain") p.gain = b.value;
    if (std::string(b.param) == "c") p.c = b.value;
    if (std::string(b.param) == "stat") p.output = LocalStat(int(b.value));
    EXPECT_THROW(validate(spec), Error);
    cv::Mat dst(16, 16, CV_8UC1, cv::Scalar(0x5A));
    try {
      engine.apply(spec, view(src), view(dst));
      ADD_FAILURE() << "apply accepted it";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(text), std::string::npos) << e.what() << " lacks " << text;
    }
    EXPECT_EQ(cv::countNonZero(dst != 0x5A), 0) << "apply wrote dst";
  }
}

}  // namespace
}  // namespace sat::test
