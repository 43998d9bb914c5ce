// sat::cpu_tilted (Table::Tilted on the CPU) against cv::integral's tilted output: exactly for
// 8-bit images (random at odd, thin and tile-edge sizes, and photographs), within a derived bound
// for float ones; pitched planes, batches, and the requests it refuses.
#include <gtest/gtest.h>

#include <opencv2/imgcodecs.hpp>

#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "detect_test_data.h"
#include "sat/error.h"
#include "tilted_table_util.h"

namespace {

using detect_test::opencv_tilted;
using detect_test::random_image;
using detect_test::sat_cpu_tilted;

// Compares a CV_32S tilted table with sat's (CV_32S view of its u32 bits): every value equal.
void expect_same_table(const cv::Mat& expected, const cv::Mat& actual, const std::string& what) {
  ASSERT_EQ(expected.size(), actual.size()) << what;
  const int differing = cv::countNonZero(expected != actual);
  EXPECT_EQ(differing, 0) << what << ": " << differing << " of " << expected.total() << " values differ";
}

const std::vector<cv::Size> kSizes = {{1, 1},   {7, 1},   {1, 9},     {1, 300},  {300, 1}, {2, 2},
                                      {3, 5},   {31, 33}, {32, 32},   {33, 31},  {64, 65}, {129, 127},
                                      {257, 3}, {5, 257}, {200, 150}, {641, 479}};

TEST(TiltedTableCpu, RandomBytesEqualOpenCV) {
  uint64_t seed = 1;
  for (const cv::Size size : kSizes) {
    const cv::Mat image = random_image(size.height, size.width, CV_8U, seed++);
    expect_same_table(opencv_tilted(image), sat_cpu_tilted(image),
                      std::to_string(size.width) + "x" + std::to_string(size.height));
  }
}

TEST(TiltedTableCpu, SaturatedBytesWrapLikeOpenCV) {
  // 255 everywhere: the largest triangles of a 4000×2200 image pass 2^31, where OpenCV's int
  // table wraps; the u32 bits must still be OpenCV's.
  const cv::Mat image(2200, 4000, CV_8U, cv::Scalar(255));
  expect_same_table(opencv_tilted(image), sat_cpu_tilted(image), "4000x2200 of 255");
}

TEST(TiltedTableCpu, PhotographsEqualOpenCV) {
  for (const char* name : {"camera.png", "astronaut.png", "coins.png", "moon.png", "chelsea.png", "coffee.png"}) {
    const cv::Mat image = detect_test::load_image(name, cv::IMREAD_GRAYSCALE);
    expect_same_table(opencv_tilted(image), sat_cpu_tilted(image), name);
  }
}

// The float table is the recurrence in double rounded once to float. Each double step rounds 4
// operations of magnitude at most 4·S (S = Σ|a|; every table value is at most S), an error
// reaching a value through a response of magnitude at most 1 (the recurrence's response to one
// term is an alternating sum of nested triangles), from at most (Y + 1)(W + 1) steps. OpenCV's
// double table has the same bound. So |sat − opencv| ≤ 2^−24·|opencv| (the final rounding) plus
// twice 16·(Y + 1)(W + 1)·S·2^−53.
TEST(TiltedTableCpu, FloatsWithinTheDerivedBound) {
  uint64_t seed = 100;
  for (const cv::Size size : kSizes) {
    const cv::Mat image = random_image(size.height, size.width, CV_32F, seed++);
    const cv::Mat expected = opencv_tilted(image);
    const cv::Mat actual = sat_cpu_tilted(image);
    const double s = cv::sum(cv::abs(image))[0];
    const double steps = double(size.height + 1) * (size.width + 1);
    const double absolute = 2 * 16 * steps * s * std::ldexp(1.0, -53);
    int outside = 0;
    for (int y = 0; y < expected.rows; ++y)
      for (int x = 0; x < expected.cols; ++x) {
        const double e = expected.at<double>(y, x), a = actual.at<float>(y, x);
        if (std::abs(a - e) > std::ldexp(std::abs(e), -24) + absolute) ++outside;
      }
    EXPECT_EQ(outside, 0) << size.width << "x" << size.height;
  }
}

// cv::integral only adds: an inf pixel gives inf below it, never NaN (the recurrence's
// subtraction gave inf − inf = NaN); NaN exactly where OpenCV's is NaN. Against both of OpenCV's
// float depths, finite values within the bound above.
TEST(TiltedTableCpu, InfinitiesAndNaNsWhereOpenCVHasThem) {
  for (const detect_test::NamedFloatImage& c : detect_test::non_finite_images()) {
    SCOPED_TRACE(c.name);
    const cv::Mat actual = sat_cpu_tilted(c.image);
    const cv::Mat expected = opencv_tilted(c.image);  // CV_64F
    cv::Mat sum, squares, expected32;
    cv::integral(c.image, sum, squares, expected32, CV_32F, CV_64F);
    const double absolute = 2 * 16 * double(c.image.rows + 1) * (c.image.cols + 1) *
                            detect_test::finite_abs_sum(c.image) * std::ldexp(1.0, -53);
    EXPECT_EQ(detect_test::values_outside(expected, actual,
                                          [&](double e) { return std::ldexp(std::abs(e), -24) + absolute; }),
              0);
    EXPECT_EQ(detect_test::class_differences(expected32, actual), 0);
    int non_finite = 0;  // the planted values reach many cells
    for (int y = 0; y < actual.rows; ++y)
      for (int x = 0; x < actual.cols; ++x) non_finite += !std::isfinite(actual.at<float>(y, x));
    EXPECT_GT(non_finite, 0);
  }
}

TEST(TiltedTableCpu, PitchedBatchEqualsOpenCVPerPlane) {
  const int w = 45, h = 37, planes = 3;
  const std::size_t in_pitch = w + 19, out_pitch = (w + 1) * 4 + 28;
  const std::size_t in_stride = in_pitch * h + 5, out_stride = out_pitch * (h + 1) + 12;
  std::vector<uint8_t> input(in_stride * planes);
  cv::RNG(7).fill(input, cv::RNG::UNIFORM, 0, 256);
  std::vector<uint8_t> output(out_stride * planes, 0xAB);
  sat::cpu_tilted({sat::ElementType::U8ToU32, {w, h}, input.data(), in_pitch, output.data(), out_pitch},
                  {planes, in_stride, out_stride});
  for (int k = 0; k < planes; ++k) {
    const cv::Mat image(h, w, CV_8U, input.data() + k * in_stride, in_pitch);
    const cv::Mat table(h + 1, w + 1, CV_32S, output.data() + k * out_stride, out_pitch);
    expect_same_table(opencv_tilted(image), table, "plane " + std::to_string(k));
  }
  // The padding between rows and planes is not written.
  for (int k = 0; k < planes; ++k)
    for (int y = 0; y <= h; ++y)
      for (std::size_t b = (w + 1) * 4; b < out_pitch && k * out_stride + y * out_pitch + b < output.size(); ++b)
        ASSERT_EQ(output[k * out_stride + y * out_pitch + b], 0xAB) << "plane " << k << " row " << y;
}

TEST(TiltedTableCpu, RefusesWhatItDoesNotOffer) {
  std::vector<uint8_t> in(64 * 64 * 4), out(65 * 65 * 16);
  const auto code_of = [](auto&& f) -> std::optional<sat::ErrorCode> {
    try {
      f();
    } catch (const sat::Error& e) {
      return e.code();
    }
    return std::nullopt;
  };
  // Types other than u8 → u32 and f32 → f32.
  EXPECT_EQ(code_of([&] {
              sat::cpu_tilted({sat::ElementType::U8x4ToU32x4, {8, 8}, in.data(), 32, out.data(), 9 * 16});
            }),
            sat::ErrorCode::Unsupported);
  // An output pitch of `width` values: the tilted table has width + 1.
  EXPECT_EQ(code_of([&] {
              sat::cpu_tilted({sat::ElementType::U8ToU32, {8, 8}, in.data(), 8, out.data(), 8 * 4});
            }),
            sat::ErrorCode::InvalidArgument);
  // The same request with width + 1 values per row is fine.
  EXPECT_EQ(code_of([&] {
              sat::cpu_tilted({sat::ElementType::U8ToU32, {8, 8}, in.data(), 8, out.data(), 9 * 4});
            }),
            std::nullopt);
}

}  // namespace
