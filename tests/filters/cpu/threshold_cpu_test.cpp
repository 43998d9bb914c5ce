// Adaptive thresholds, CPU backend: mean − C against cv::adaptiveThreshold (bit-exact), Sauvola
// and Bradley–Roth against float64 references.
#include "../filter_cases.h"

namespace sat::test {
namespace {

TEST(MeanCCpu, MatchesOpenCv) { check_mean_c_matches_opencv(Backend::Cpu); }
TEST(MeanCCpu, FractionalC) { check_mean_c_fractional_c(Backend::Cpu); }
TEST(SauvolaCpu, MatchesFloat64Reference) { check_sauvola_matches_reference(Backend::Cpu); }
TEST(BradleyCpu, MatchesFloat64Reference) { check_bradley_matches_reference(Backend::Cpu); }

TEST(ThresholdCpu, InPlaceOnGray) {
  Runner run(Backend::Cpu, {64, 64});
  const cv::Mat src = textured_image(50, 31, 1, 3);
  {
    cv::Mat img = src.clone();
    const MeanCParams p{11, 3.5, false, 255};
    run.engine().apply(p, view(img), view(img));
    EXPECT_MAT_EQ(img, reference_mean_c(src, p), "mean_c in place");
  }
  {
    cv::Mat img = src.clone();
    run.engine().apply(SauvolaParams{15, 0.2, 0.0, 255}, view(img), view(img));
    EXPECT_MAT_EQ(img, reference_sauvola(src, 15, 0.2, 0.0, 255), "sauvola in place");
  }
  {
    cv::Mat img = src.clone();
    run.engine().apply(BradleyParams{15, 15.0, 255}, view(img), view(img));
    EXPECT_MAT_EQ(img, reference_bradley(src, 15, 15.0, 255), "bradley in place");
  }
}

TEST(ThresholdCpu, ConstantImages) {
  // Flat images: mean = pixel everywhere; Sauvola's std is 0 (T = m·(1 − k)).
  Runner run(Backend::Cpu, {32, 32});
  for (int v : {0, 1, 128, 254, 255}) {
    const cv::Mat src(19, 23, CV_8UC1, cv::Scalar(v));
    for (double c : {-1.0, 0.0, 1.0}) {
      const MeanCParams p{5, c, false, 255};
      EXPECT_MAT_EQ(run.mean_c(src, p), reference_mean_c(src, p), "flat mean_c " + std::to_string(v));
    }
    EXPECT_MAT_EQ(run.sauvola(src, {7, 0.3, 0.0, 255}), reference_sauvola(src, 7, 0.3, 0.0, 255),
                  "flat sauvola " + std::to_string(v));
    EXPECT_MAT_EQ(run.bradley(src, {7, 10.0, 255}), reference_bradley(src, 7, 10.0, 255),
                  "flat bradley " + std::to_string(v));
  }
}

}  // namespace
}  // namespace sat::test
