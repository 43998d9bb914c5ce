// 16-bit images on the CPU backend: box against the installed OpenCV's cv::blur on CV_16U
// (bit-exact), mean − C, Bradley–Roth and Sauvola against float64 references, on full-range
// random and depth-like images.
#include "../sixteen_cases.h"

namespace sat::test {
namespace {

cv::Mat image16(int w, int h, int cn, uint32_t seed) {
  return seed % 2 == 0 ? random16(w, h, cn, seed) : depth16(w, h, cn, seed);
}

std::string what(const cv::Mat& m, int kw, int kh) {
  return std::to_string(m.cols) + "x" + std::to_string(m.rows) + "x" + std::to_string(m.channels()) + " kernel " +
         std::to_string(kw) + "x" + std::to_string(kh);
}

TEST(Box16Cpu, MatchesOpenCvForEveryWidthSmallKernelsBothBorders) {
  Runner16 run(Backend::Cpu, {67, 9});
  const std::pair<int, int> kernels[] = {{1, 1}, {2, 1}, {1, 2}, {3, 3}, {5, 7}, {4, 16}, {17, 3}, {31, 1}, {31, 31}};
  uint32_t seed = 1;
  for (int w = 1; w <= 67; ++w)
    for (int h : {1, 2, 9})
      for (int cn : {1, 3, 4}) {
        const cv::Mat src = image16(w, h, cn, seed++);
        for (const auto& [kw, kh] : kernels)
          for (Border b : {Border::Reflect101, Border::Replicate}) {
            const BoxBlurParams p{kw, kh, b};
            EXPECT_MAT_EQ(run(p, src, seed % 3 == 0 ? 6 : 0), reference_blur16(src, p),
                          what(src, kw, kh) + " " + to_string(b));
          }
      }
}

// Areas on both sides of 2^15 (int32 sums with fp32 rounding, then float64 sums) and far above.
TEST(Box16Cpu, MatchesOpenCvForLargeKernels) {
  Runner16 run(Backend::Cpu, {160, 96});
  const std::pair<int, int> kernels[] = {{256, 128}, {257, 128}, {128, 257}, {181, 181},
                                         {200, 200}, {1001, 41}, {3, 11001}};
  uint32_t seed = 900;
  for (const auto& [w, h] : std::vector<std::pair<int, int>>{{67, 45}, {160, 96}, {9, 13}, {1, 5}})
    for (int cn : {1, 3, 4}) {
      const cv::Mat src = image16(w, h, cn, seed++);
      for (const auto& [kw, kh] : kernels)
        for (Border b : {Border::Reflect101, Border::Replicate}) {
          const BoxBlurParams p{kw, kh, b};
          EXPECT_MAT_EQ(run(p, src), reference_blur16(src, p), what(src, kw, kh) + " " + to_string(b));
        }
    }
}

// Every row-element count 1 … 67 with areas where fp32 and fp64 rounding of ties differ often:
// the SIMD/scalar split at (width·cn) & ~7.
TEST(Box16Cpu, SimdAndScalarColumnsRoundAsOpenCv) {
  Runner16 run(Backend::Cpu, {67, 8});
  uint32_t seed = 77;
  for (int w = 1; w <= 67; ++w)
    for (const auto& [kw, kh] : std::vector<std::pair<int, int>>{{127, 255}, {255, 128}, {15, 2185}, {282, 1}})
      for (int cn : {1, 3}) {
        const cv::Mat src = random16(w, 8, cn, seed++);
        const BoxBlurParams p{kw, kh, Border::Reflect101};
        EXPECT_MAT_EQ(run(p, src), reference_blur16(src, p), what(src, kw, kh));
      }
}

TEST(Box16Cpu, InPlace) {
  Runner16 run(Backend::Cpu, {64, 64});
  for (int cn : {1, 3, 4}) {
    cv::Mat img = random16(41, 23, cn, 11u + unsigned(cn));
    const BoxBlurParams p{7, 5, Border::Reflect101};
    const cv::Mat want = reference_blur16(img, p);
    run.engine().apply(p, view16(img), view16(img));
    EXPECT_MAT_EQ(img, want, "in place, " + std::to_string(cn) + " channels");
  }
}

TEST(MeanC16Cpu, MatchesReference) {
  Runner16 run(Backend::Cpu, {67, 45});
  uint32_t seed = 3000;
  for (const auto& [w, h] : sizes16())
    for (int block : {3, 5, 11, 31, 193})
      for (double c : {0.0, 2.0, -3.5, 0.3, 255.0})
        for (bool invert : {false, true}) {
          const cv::Mat src = image16(w, h, 1, seed++);
          const MeanCParams p{block, c, invert, uint8_t(seed % 5 == 0 ? 128 : 255)};
          EXPECT_MAT_EQ(run(p, src, seed % 4 == 0 ? 10 : 0), reference_mean_c16(src, p),
                        what(src, block, block) + " C " + std::to_string(c) + (invert ? " inverted" : ""));
        }
}

TEST(Bradley16Cpu, MatchesReference) {
  Runner16 run(Backend::Cpu, {67, 45});
  uint32_t seed = 4000;
  for (const auto& [w, h] : sizes16())
    for (int window : {1, 2, 3, 8, 15, 31, 200})
      for (double t : {0.0, 15.0, 7.5, 99.9}) {
        const cv::Mat src = image16(w, h, 1, seed++);
        const BradleyParams p{window, t, uint8_t(seed % 5 == 0 ? 128 : 255)};
        EXPECT_MAT_EQ(run(p, src, seed % 4 == 0 ? 10 : 0), reference_bradley16(src, p),
                      what(src, window, window) + " t " + std::to_string(t));
      }
}

// Equal to the float64 formula except where a pixel sits on its threshold (rounding of the last bit).
TEST(Sauvola16Cpu, MatchesScikitImageFormula) {
  Runner16 run(Backend::Cpu, {67, 45});
  uint32_t seed = 5000;
  long total = 0, mismatches = 0;
  for (const auto& [w, h] : sizes16())
    for (int window : {3, 15, 31, 135})
      for (double k : {0.2, 0.5, 0.05})
        for (double r : {0.0, 100.0}) {
          const cv::Mat src = image16(w, h, 1, seed++);
          const SauvolaParams p{window, k, r, 255};
          std::vector<double> thr;
          const cv::Mat want = reference_sauvola16(src, p, &thr);
          const cv::Mat got = run(p, src, seed % 4 == 0 ? 10 : 0);
          SCOPED_TRACE(what(src, window, window) + " k " + std::to_string(k) + " r " + std::to_string(r));
          for (int y = 0; y < src.rows; ++y)
            for (int x = 0; x < src.cols; ++x) {
              ++total;
              if (got.at<uint16_t>(y, x) == want.at<uint16_t>(y, x)) continue;
              ++mismatches;
              const double t = thr[std::size_t(y) * src.cols + x];
              EXPECT_NEAR(double(src.at<uint16_t>(y, x)), t, 1e-9 * std::max(1.0, std::abs(t)))
                  << "at (" << x << ", " << y << ")";
            }
        }
  EXPECT_LE(double(mismatches), 1e-4 * double(total)) << mismatches << " of " << total << " pixels differ";
}

TEST(Sixteen16Cpu, ThresholdsRefuseColourImages) {
  Runner16 run(Backend::Cpu, {8, 8});
  const cv::Mat src = random16(8, 8, 3, 1);
  cv::Mat dst(8, 8, CV_16UC1, cv::Scalar::all(7));
  for (const FilterSpec& spec : {FilterSpec(MeanCParams{}), FilterSpec(BradleyParams{}), FilterSpec(SauvolaParams{})}) {
    try {
      run.engine().apply(spec, view16(src), view16(dst));
      ADD_FAILURE() << "a 16-bit colour image was thresholded";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("must have 1 channel"), std::string::npos) << e.what();
    }
  }
  EXPECT_EQ(dst.at<uint16_t>(0, 0), 7);
}

}  // namespace
}  // namespace sat::test
