// 16-bit images through local statistics, Kuwahara, the variable-radius blur and the guided
// filter on the CPU backend, against the references of sixteen_window_cases.h; colour images of
// the gray-only ones refused.
#include <opencv2/imgcodecs.hpp>

#include "../sixteen_window_cases.h"

namespace sat::test {
namespace {

TEST(LocalStats16Cpu, MatchesReference) { check_local_stats16(Backend::Cpu); }
TEST(Kuwahara16Cpu, MatchesReference) { check_kuwahara16(Backend::Cpu); }
TEST(VariableBlur16Cpu, MatchesCvBlurPerRadius) { check_variable_blur16(Backend::Cpu, true); }
TEST(Guided16Cpu, WithinThreeQuartersOfALevelOfTheExactFilter) { check_guided16(Backend::Cpu); }

TEST(Windows16Cpu, InPlace) {
  Runner16 cpu(Backend::Cpu, {41, 23});
  VariableBlurParams blur;
  blur.max_radius = 9;
  for (const FilterSpec& spec :
       {FilterSpec(LocalStatsParams{}), FilterSpec(KuwaharaParams{3}), FilterSpec(blur), FilterSpec(GuidedParams{})}) {
    cv::Mat img = random16(41, 23, 1, 5u);
    const cv::Mat want = cpu(spec, img);
    cpu.engine().apply(spec, view16(img), view16(img));
    EXPECT_MAT_EQ(img, want, sat::describe(spec) + " in place");
  }
}

TEST(Windows16Cpu, GrayOnlyFiltersRefuseColourImages) {
  Runner16 run(Backend::Cpu, {8, 8});
  const cv::Mat src = random16(8, 8, 3, 1);
  cv::Mat dst(8, 8, CV_16UC3, cv::Scalar::all(7));
  for (const FilterSpec& spec :
       {FilterSpec(LocalStatsParams{}), FilterSpec(KuwaharaParams{}), FilterSpec(GuidedParams{})}) {
    try {
      run.engine().apply(spec, view16(src), view16(dst));
      ADD_FAILURE() << sat::describe(spec) << " filtered a 16-bit colour image";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("must have 1 channel"), std::string::npos) << e.what();
    }
  }
  EXPECT_EQ(dst.at<cv::Vec3w>(0, 0)[0], 7);
}

// Wide values where 64-bit moments would wrap: a checkerboard of 0 and 65535 in a window of
// 301² pixels has n²σ² ≈ 2^72.
TEST(LocalStats16Cpu, HugeMomentsStayExact) {
  Runner16 run(Backend::Cpu, {64, 32});
  cv::Mat src(32, 64, CV_16UC1);
  for (int y = 0; y < src.rows; ++y)
    for (int x = 0; x < src.cols; ++x) src.at<uint16_t>(y, x) = (x + y) % 2 ? 65535 : 0;
  LocalStatsParams p;
  p.window = 301;
  p.output = LocalStat::StdDev;
  const cv::Mat got = run(p, src);
  EXPECT_MAT_EQ(got, reference_local_stats16(src, p), "stddev");
  EXPECT_NEAR(got.at<uint16_t>(16, 32), 65535, 2);  // 2σ ≈ 65535 (half the pixels at each end)
}

// scikit-image's real 16-bit photographs, little- and big-endian TIFF (OpenCV reads both as
// native samples): every filter against its reference, the box against cv::blur on CV_16U.
TEST(Windows16Cpu, ScikitImageSixteenBitChessboards) {
  for (const char* name : {"chessboard_GRAY_U16.tif", "chessboard_GRAY_U16B.tif"}) {
    const cv::Mat src = cv::imread(detect_test::skimage_path(name), cv::IMREAD_UNCHANGED);
    ASSERT_FALSE(src.empty()) << name << " (Debian's python3-skimage)";
    ASSERT_EQ(src.type(), CV_16UC1) << name;
    double lo = 0, hi = 0;
    cv::minMaxLoc(src, &lo, &hi);
    ASSERT_LT(lo, hi) << name << " is flat";
    Runner16 run(Backend::Cpu, {src.cols, src.rows});
    SCOPED_TRACE(name);
    const BoxBlurParams box{7, 5, Border::Reflect101};
    EXPECT_MAT_EQ(run(box, src), reference_blur16(src, box), "box");
    LocalStatsParams local;
    local.window = 9;
    local.output = LocalStat::StdDev;
    EXPECT_MAT_EQ(run(local, src), reference_local_stats16(src, local), "local stddev");
    EXPECT_MAT_EQ(run(KuwaharaParams{3}, src), reference_kuwahara16(src, 3), "kuwahara");
    VariableBlurParams blur;
    blur.max_radius = 6;
    EXPECT_MAT_EQ(run(blur, src), reference_variable_blur(src, blur, cv::Mat()), "variable blur");
  }
}

}  // namespace
}  // namespace sat::test
