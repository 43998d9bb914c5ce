// Box blur, CPU backend, against the installed OpenCV's cv::blur (bit-exact).
#include "../filter_cases.h"

namespace sat::test {
namespace {

TEST(BoxBlurCpu, MatchesOpenCvForSizesKernelsBordersChannels) { check_box_blur_matches_opencv(Backend::Cpu); }
TEST(BoxBlurCpu, EverySumOfEveryRoundingRegime) { check_box_blur_every_sum(Backend::Cpu); }
TEST(BoxBlurCpu, EverySumHorizontalKernels) { check_box_blur_every_sum_horizontal(Backend::Cpu); }
TEST(BoxBlurCpu, HugeKernels) { check_box_blur_huge_kernels(Backend::Cpu); }
TEST(BoxBlurCpu, BoxSumsBeyond32BitsOnAHugeImage) { check_box_blur_huge_image(Backend::Cpu); }

TEST(BoxBlurCpu, InPlace) {
  Runner run(Backend::Cpu, {64, 64});
  for (int cn : {1, 3, 4}) {
    cv::Mat img = random_image(41, 23, cn, 11u + unsigned(cn));
    const BoxBlurParams p{7, 5, Border::Reflect101};
    const cv::Mat want = reference_blur(img, p);
    run.engine().apply(p, view(img), view(img));
    EXPECT_MAT_EQ(img, want, "in place, " + std::to_string(cn) + " channels");
  }
}

TEST(BoxBlurCpu, SameEngineManySizes) {
  // One engine, frames of varying size up to its max extent: no state leaks between calls.
  Runner run(Backend::Cpu, {80, 60});
  uint32_t seed = 5;
  for (const Size2 sz : {Size2{80, 60}, Size2{3, 2}, Size2{79, 1}, Size2{40, 60}, Size2{80, 60}}) {
    const cv::Mat src = random_image(sz.w, sz.h, 3, seed++);
    const BoxBlurParams p{9, 9, Border::Replicate};
    EXPECT_MAT_EQ(run.box_blur(src, p), reference_blur(src, p), describe(src));
  }
}

}  // namespace
}  // namespace sat::test
