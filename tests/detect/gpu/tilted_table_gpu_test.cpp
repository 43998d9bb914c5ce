// Table::Tilted on CUDA against sat::cpu_tilted (which equals cv::integral's tilted output,
// tests/detect/cpu/tilted_table_cpu_test.cpp): 8-bit tables exactly at odd, thin and tile-edge
// sizes and for every algorithm; pitched batches; the Workspace and Plan APIs; float tables
// within the bound of their band-sum tables.
#include <gtest/gtest.h>

#include <opencv2/imgcodecs.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "cuda_test_support.h"
#include "detect_test_data.h"
#include "tilted_table_util.h"

namespace {

using detect_test::random_image;
using detect_test::sat_cpu_tilted;
using sat::test::cuda_check;
using sat::test::DeviceBuffer;

sat::Options tilted_options(sat::Algorithm algorithm = sat::Algorithm::SkssLb1R1W) {
  sat::Options o;
  o.algorithm = algorithm;
  o.table = sat::Table::Tilted;
  return o;
}

// `planes` copies of the image (plane k is the image + k, wrapping) in pitched device memory,
// their tilted tables by `compute(problem, batch)`, read back as (rows + 1) × (cols + 1) mats.
template <class Compute>
std::vector<cv::Mat> gpu_tilted_with(const cv::Mat& image, int planes, Compute&& compute) {
  const std::size_t es = image.elemSize(), os = 4;
  const std::size_t in_pitch = (image.cols + 3) * es, out_pitch = (image.cols + 1 + 5) * os;
  const std::size_t in_stride = in_pitch * image.rows + 16 * es, out_stride = out_pitch * (image.rows + 1) + 64;
  DeviceBuffer in(in_stride * planes), out(out_stride * planes);
  cuda_check(cudaMemset(out.get(), 0xCD, out.size()), "cudaMemset");
  std::vector<cv::Mat> inputs;
  for (int k = 0; k < planes; ++k) {
    cv::Mat plane;
    cv::add(image, cv::Scalar(k), plane);
    inputs.push_back(plane);
    cuda_check(cudaMemcpy2D(static_cast<char*>(in.get()) + k * in_stride, in_pitch, plane.data, plane.step,
                            image.cols * es, image.rows, cudaMemcpyHostToDevice),
               "cudaMemcpy2D");
  }
  const sat::Problem first{
      detect_test::tilted_type(image), {image.cols, image.rows}, in.get(), in_pitch, out.get(), out_pitch};
  compute(first, sat::Batch{planes, in_stride, out_stride});
  cuda_check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  std::vector<cv::Mat> tables;
  for (int k = 0; k < planes; ++k) {
    cv::Mat t(image.rows + 1, image.cols + 1, image.depth() == CV_8U ? CV_32S : CV_32F);
    cuda_check(cudaMemcpy2D(t.data, t.step, static_cast<char*>(out.get()) + k * out_stride, out_pitch,
                            (image.cols + 1) * os, image.rows + 1, cudaMemcpyDeviceToHost),
               "cudaMemcpy2D");
    tables.push_back(t);
  }
  return tables;
}

// compute_batch with a workspace of the caller's, sized by batch_workspace_size.
std::vector<cv::Mat> gpu_tilted(const cv::Mat& image, int planes = 1, const sat::Options& options = tilted_options()) {
  return gpu_tilted_with(image, planes, [&](const sat::Problem& p, const sat::Batch& b) {
    const std::size_t bytes = sat::batch_workspace_size(p.type, p.extent, b.planes, options);
    DeviceBuffer workspace(bytes);
    sat::compute_batch(p, b, options, workspace.get(), bytes, nullptr);
    cuda_check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  });
}

void expect_equal(const cv::Mat& expected, const cv::Mat& actual, const std::string& what) {
  ASSERT_EQ(expected.size(), actual.size()) << what;
  const int differing = cv::countNonZero(expected != actual);
  EXPECT_EQ(differing, 0) << what << ": " << differing << " of " << expected.total() << " values differ";
}

const std::vector<cv::Size> kSizes = {{1, 1},
                                      {1, 2},
                                      {2, 1},
                                      {1, 517},
                                      {517, 1},
                                      {3, 5},
                                      {31, 31},
                                      {32, 32},
                                      {33, 33},
                                      {63, 65},
                                      {127, 129},
                                      {128, 128},
                                      {129, 127},
                                      {255, 257},
                                      {1000, 3},
                                      {3, 1000},
                                      {641, 479},
                                      // band (32 rows) and band-tile (256 columns) edges
                                      {256, 31},
                                      {257, 64},
                                      {255, 65},
                                      {513, 97},
                                      {512, 1},
                                      {1, 96}};

TEST(TiltedTableGpu, BytesEqualCpuAtOddAndEdgeSizes) {
  SAT_REQUIRE_GPU();
  uint64_t seed = 11;
  for (const cv::Size size : kSizes) {
    const cv::Mat image = random_image(size.height, size.width, CV_8U, seed++);
    expect_equal(sat_cpu_tilted(image), gpu_tilted(image)[0],
                 std::to_string(size.width) + "x" + std::to_string(size.height));
  }
}

TEST(TiltedTableGpu, BytesEqualCpuForEveryAlgorithm) {
  SAT_REQUIRE_GPU();
  const cv::Mat image = random_image(301, 433, CV_8U, 5);
  const cv::Mat expected = sat_cpu_tilted(image);
  for (const sat::Algorithm a : sat::kAllAlgorithms)
    expect_equal(expected, gpu_tilted(image, 1, tilted_options(a))[0], sat::to_string(a));
}

TEST(TiltedTableGpu, LargeFramesAndPhotographsEqualCpu) {
  SAT_REQUIRE_GPU();
  expect_equal(sat_cpu_tilted(random_image(1080, 1920, CV_8U, 3)), gpu_tilted(random_image(1080, 1920, CV_8U, 3))[0],
               "1920x1080");
  const cv::Mat saturated(2160, 3840, CV_8U, cv::Scalar(255));  // sums past 2^31: wrap-around
  expect_equal(sat_cpu_tilted(saturated), gpu_tilted(saturated)[0], "3840x2160 of 255");
  for (const char* name : {"camera.png", "astronaut.png", "coffee.png"}) {
    const cv::Mat image = detect_test::load_image(name, cv::IMREAD_GRAYSCALE);
    expect_equal(sat_cpu_tilted(image), gpu_tilted(image)[0], name);
  }
}

TEST(TiltedTableGpu, PitchedBatchEqualsCpuPerPlane) {
  SAT_REQUIRE_GPU();
  const cv::Mat image = random_image(77, 91, CV_8U, 8);
  const std::vector<cv::Mat> tables = gpu_tilted(image, 4);
  for (int k = 0; k < 4; ++k) {
    cv::Mat plane;
    cv::add(image, cv::Scalar(k), plane);
    expect_equal(sat_cpu_tilted(plane), tables[k], "plane " + std::to_string(k));
  }
}

TEST(TiltedTableGpu, WorkspaceAndPlanEqualCpu) {
  SAT_REQUIRE_GPU();
  sat::Workspace workspace;
  sat::Plan plan(sat::ElementType::U8ToU32, {300, 200}, tilted_options(), 2);
  for (const cv::Size size : {cv::Size{300, 200}, cv::Size{45, 199}, cv::Size{300, 1}}) {
    const cv::Mat image = random_image(size.height, size.width, CV_8U, size.area());
    const cv::Mat expected = sat_cpu_tilted(image);
    const std::string what = std::to_string(size.width) + "x" + std::to_string(size.height);
    expect_equal(expected,
                 gpu_tilted_with(image, 2,
                                 [&](const sat::Problem& p, const sat::Batch& b) {
                                   workspace.compute_batch(p, b, tilted_options(), nullptr);
                                 })[0],
                 "Workspace " + what);
    expect_equal(expected,
                 gpu_tilted_with(image, 2,
                                 [&](const sat::Problem& p, const sat::Batch& b) { plan.run_batch(p, b, nullptr); })[0],
                 "Plan " + what);
  }
}

// Each float value is A − B + b (tilted/tilted.h): b, the in-band triangle, in double (exact to
// far below the bound); A and B values of the upright float table of the band sums (S, bands × (W + H),
// each entry a double sum rounded once). An upright value sums its entries through partial sums of
// at most (W + H) + bands levels (a row and a column, by any algorithm's order), each rounding
// with relative error 2^−24 of a partial sum at most S = Σ|a|, plus the entries' own rounding:
// at most (W + H + bands + 1)·2^−24·S per table, below the (W + 2H)·2^−24·S checked here for
// H ≥ 2 (bands + 1 ≤ H); an image of one row has one band and reads neither. The sum rounds once more.
TEST(TiltedTableGpu, FloatsWithinTheBoundOfTheirBandSumTables) {
  SAT_REQUIRE_GPU();
  uint64_t seed = 40;
  for (const cv::Size size :
       {cv::Size{1, 1}, cv::Size{1, 300}, cv::Size{300, 1}, cv::Size{129, 127}, cv::Size{640, 480}}) {
    const cv::Mat image = random_image(size.height, size.width, CV_32F, seed++);
    const cv::Mat expected = detect_test::opencv_tilted(image);  // double
    const cv::Mat actual = gpu_tilted(image)[0];
    const double s = cv::sum(image)[0];
    const double per_table = (size.width + 2.0 * size.height) * std::ldexp(s, -24);
    int outside = 0;
    for (int y = 0; y < expected.rows; ++y)
      for (int x = 0; x < expected.cols; ++x) {
        const double e = expected.at<double>(y, x), a = actual.at<float>(y, x);
        if (std::abs(a - e) > 2 * per_table + std::ldexp(std::abs(e), -23)) ++outside;
      }
    EXPECT_EQ(outside, 0) << size.width << "x" << size.height;
  }
}

// The CPU table's infinities and NaNs (which are cv::integral's, tilted_table_cpu_test.cpp) in
// every cell, on both planes of a batch: the band sums' A − B and the tiles' recurrence subtract,
// and an inf pixel gave inf − inf = NaN. Finite values within the bound above.
TEST(TiltedTableGpu, FloatInfinitiesAndNaNsWhereTheCpuHasThem) {
  SAT_REQUIRE_GPU();
  for (const detect_test::NamedFloatImage& c : detect_test::non_finite_images()) {
    SCOPED_TRACE(c.name);
    const std::vector<cv::Mat> tables = gpu_tilted(c.image, 2);
    for (int k = 0; k < 2; ++k) {
      cv::Mat plane;
      cv::add(c.image, cv::Scalar(k), plane);
      EXPECT_EQ(detect_test::class_differences(sat_cpu_tilted(plane), tables[std::size_t(k)]), 0) << "plane " << k;
      const double per_table = (plane.cols + 2.0 * plane.rows) * std::ldexp(detect_test::finite_abs_sum(plane), -24);
      EXPECT_EQ(detect_test::values_outside(detect_test::opencv_tilted(plane), tables[std::size_t(k)],
                                            [&](double e) { return 2 * per_table + std::ldexp(std::abs(e), -23); }),
                0)
          << "plane " << k;
    }
  }
}

}  // namespace
