// Kuwahara filter ("kuwahara") on the CPU backend: against the brute-force reference
// (kuwahara_cases.h), in place, the catalog's description and its refusals.
#include "../kuwahara_cases.h"
#include "sat/error.h"

namespace sat::test {
namespace {

TEST(KuwaharaCpu, MatchesBruteForceReference) { check_kuwahara_matches_reference(Backend::Cpu); }
TEST(KuwaharaCpu, TiesGoToTheFirstQuadrant) { check_kuwahara_ties_go_to_the_first_quadrant(Backend::Cpu); }

TEST(KuwaharaCpu, InPlaceEqualsOutOfPlace) {
  FilterEngine engine(Backend::Cpu, {40, 30});
  for (int cn : {1, 3, 4}) {
    const cv::Mat src = textured_image(40, 30, cn, 5900 + cn);
    cv::Mat image = src.clone();
    engine.apply(KuwaharaParams{3}, view(image), view(image));
    EXPECT_MAT_EQ(image, reference_kuwahara(src, 3), "in place, " + std::to_string(cn) + " channels");
  }
}

// A wide image: the CPU keeps its tables in bands of 32 rows or so (band_table.h), so each image
// below is filtered in several bands, the rows above a band dropped as it moves down.
TEST(KuwaharaCpu, TablesInBandsMatchBruteForce) {
  FilterEngine engine(Backend::Cpu, {2999, 151});
  struct Case {
    int width, radius;  // radius 20: a band reaches farther than its own rows
  };
  for (int cn : {1, 3, 4})
    for (const Case c : {Case{2999, 1}, Case{2999, 5}, Case{600, 20}}) {
      const int radius = c.radius;
      const cv::Mat src = textured_image(c.width, 151, cn, 5950 + uint32_t(cn + radius));
      cv::Mat dst(src.size(), src.type(), cv::Scalar::all(0xCD));
      engine.apply(KuwaharaParams{radius}, view(src), view(dst));
      EXPECT_MAT_EQ(dst, reference_kuwahara(src, radius),
                    std::to_string(cn) + " channels, radius " + std::to_string(radius));
    }
}

TEST(KuwaharaCpu, DescriptionAndRefusals) {
  const FilterInfo* info = find_filter("kuwahara");
  ASSERT_NE(info, nullptr);
  EXPECT_EQ(info->output, FilterOutput::SameChannels);
  EXPECT_EQ(describe(default_spec("kuwahara")), "kuwahara radius 4");
  for (double bad : {0.0, -3.0, 1025.0}) {
    FilterSpec spec = default_spec("kuwahara");
    const std::string text = param_error(*find_param(*info, "radius"), bad);
    try {
      set_param(spec, "radius", bad);
      ADD_FAILURE() << "set_param accepted " << bad;
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(text), std::string::npos) << e.what() << " lacks " << text;
    }
    FilterEngine engine(Backend::Cpu, {8, 8});
    const cv::Mat src = random_image(8, 8, 3, 1);
    cv::Mat dst(8, 8, CV_8UC3, cv::Scalar::all(0x5A));
    EXPECT_THROW(engine.apply(KuwaharaParams{int(bad)}, view(src), view(dst)), Error);
    EXPECT_EQ(cv::countNonZero(dst.reshape(1) != 0x5A), 0) << "apply wrote dst";
  }
}

}  // namespace
}  // namespace sat::test
