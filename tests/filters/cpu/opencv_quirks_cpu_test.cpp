// The corners of OpenCV 4.6's behaviour that FilterEngine reproduces on purpose. Each test first
// pins the installed OpenCV's output (so a different OpenCV shows up here, by name), then checks
// the engine against it.
#include "../filter_cases.h"

namespace sat::test {
namespace {

// Kernel area 2 (ColumnSum<ushort,uchar> fixed point: ds = 2^22, dd = 2): x.0 rounds up to x + 1,
// and two 255s give 256: 255 in OpenCV's SIMD columns, 0 (uchar wrap) in its scalar tail.
TEST(OpenCvQuirksCpu, KernelAreaTwoRoundsUpAndWrapsInTheScalarTail) {
  const cv::Mat flat(3, 23, CV_8UC1, cv::Scalar(10));
  cv::Mat ref;
  cv::blur(flat, ref, cv::Size(2, 1));
  ASSERT_EQ(ref.at<uint8_t>(1, 3), 11) << "this OpenCV rounds 2-pixel means differently from 4.6";

  const cv::Mat white(3, 23, CV_8UC1, cv::Scalar(255));
  cv::blur(white, ref, cv::Size(1, 2));
  ASSERT_EQ(ref.at<uint8_t>(1, 0), 255);
  ASSERT_EQ(ref.at<uint8_t>(1, 16), 0) << "this OpenCV does not wrap in the scalar tail as 4.6 does";

  Runner run(Backend::Cpu, {32, 8});
  for (const cv::Mat* m : {&flat, &white})
    for (const cv::Size k : {cv::Size(2, 1), cv::Size(1, 2)}) {
      const BoxBlurParams p{k.width, k.height, Border::Reflect101};
      EXPECT_MAT_EQ(run.box_blur(*m, p), reference_blur(*m, p), "area 2");
    }
}

// 256 < N ≤ 2^23: fp32 in OpenCV's SIMD columns, fp64 in its scalar tail; an exact tie
// (N = 282, sum 4371 = 15.5·282) gives 15 in one and 16 in the other.
TEST(OpenCvQuirksCpu, Fp32AndFp64LoopsDifferOnTies) {
  // 1×282 kernel on a 23-wide image: columns 0–15 SIMD, 16–22 scalar; every column's sum is 4371.
  const int n = 282, width = 23, height = 600;
  cv::Mat src(height, width, CV_8UC1, cv::Scalar(0));
  // Rows 300 … 300+281 of one column: 4371 = 15·282 + 141 → 141 rows of 16, 141 rows of 15.
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) src.at<uint8_t>(y, x) = uint8_t(y % 2 == 0 ? 16 : 15);
  cv::Mat ref;
  cv::blur(src, ref, cv::Size(1, n));
  ASSERT_EQ(ref.at<uint8_t>(300, 3), 15) << "SIMD column: fp32 product just below 15.5";
  ASSERT_EQ(ref.at<uint8_t>(300, 20), 16) << "scalar column: fp64 product 15.5, ties to even";
  Runner run(Backend::Cpu, {width, height});
  const BoxBlurParams p{1, n, Border::Reflect101};
  EXPECT_MAT_EQ(run.box_blur(src, p), reference_blur(src, p), "ties");
}

// Where OpenCV's scalar loop starts: (width·cn) & ~15 for N ≤ 256, & ~7 for 256 < N ≤ 2^23.
// Only visible where the two loops round differently: a white 1×2 box, and fp32/fp64 ties.
TEST(OpenCvQuirksCpu, ScalarTailStartsWhereOpenCvsVectorLoopsStop) {
  Runner run(Backend::Cpu, {80, 600});
  for (int width = 1; width <= 80; ++width)
    for (int cn : {1, 3, 4}) {
      SCOPED_TRACE("width " + std::to_string(width) + ", " + std::to_string(cn) + " channels");
      const cv::Mat white(4, width, CV_8UC(cn), cv::Scalar::all(255));
      for (const BoxBlurParams p : {BoxBlurParams{1, 2, Border::Reflect101}, BoxBlurParams{2, 1, Border::Replicate}})
        EXPECT_MAT_EQ(run.box_blur(white, p), reference_blur(white, p), "white, area 2");
      cv::Mat ties(600, width, CV_8UC(cn));
      for (int y = 0; y < ties.rows; ++y) ties.row(y).setTo(cv::Scalar::all(y % 2 == 0 ? 16 : 15));
      const BoxBlurParams p{1, 282, Border::Reflect101};
      EXPECT_MAT_EQ(run.box_blur(ties, p), reference_blur(ties, p), "fp32/fp64 ties");
    }
}

// adaptiveThreshold's boxFilter uses BORDER_REPLICATE|BORDER_ISOLATED: a one-row (one-column)
// image gets a kernel of height (width) 1, which changes the rounding path.
TEST(OpenCvQuirksCpu, MeanCOnOneRowOrColumnImages) {
  Runner run(Backend::Cpu, {300, 300});
  for (const Size2 sz : {Size2{257, 1}, Size2{1, 257}, Size2{1, 1}, Size2{300, 1}})
    for (int block : {3, 17, 31, 301})
      for (double c : {0.0, 0.5, -0.5, 1.0})
        for (bool invert : {false, true}) {
          const cv::Mat src = textured_image(sz.w, sz.h, 1, uint32_t(block + sz.w));
          const MeanCParams p{block, c, invert, 255};
          SCOPED_TRACE(describe(src) + " block " + std::to_string(block) + " C " + std::to_string(c));
          EXPECT_MAT_EQ(run.mean_c(src, p), reference_mean_c(src, p), "mean_c, one row/column");
        }
}

// cv::blur (no BORDER_ISOLATED) keeps the full kernel on one-row images.
TEST(OpenCvQuirksCpu, BlurOnOneRowImagesKeepsTheKernel) {
  Runner run(Backend::Cpu, {300, 300});
  for (const Size2 sz : {Size2{257, 1}, Size2{1, 257}})
    for (const Size2 k : {Size2{3, 17}, Size2{17, 3}, Size2{15, 19}, Size2{2, 200}})
      for (Border b : {Border::Reflect101, Border::Replicate}) {
        const cv::Mat src = random_image(sz.w, sz.h, 1, uint32_t(k.w * 7 + k.h));
        const BoxBlurParams p{k.w, k.h, b};
        SCOPED_TRACE(describe(src) + " kernel " + std::to_string(k.w) + "x" + std::to_string(k.h));
        EXPECT_MAT_EQ(run.box_blur(src, p), reference_blur(src, p), "one-row blur");
      }
}

}  // namespace
}  // namespace sat::test
