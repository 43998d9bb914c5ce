// The tilted table (sat::Table::Tilted) in cv::Mat terms, for the tests that hold it against
// cv::integral's `tilted` output and the CUDA table against the CPU one.
#pragma once

#include <cmath>
#include <limits>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <string>
#include <vector>

#include "sat/sat.h"

namespace detect_test {

// The sat element type of a CV_8U or CV_32F image.
inline sat::ElementType tilted_type(const cv::Mat& image) {
  return image.depth() == CV_8U ? sat::ElementType::U8ToU32 : sat::ElementType::F32ToF32;
}

// OpenCV's tilted table: CV_32S for 8-bit images, CV_64F for float ones (the exact reference
// the float tables are bounded against).
inline cv::Mat opencv_tilted(const cv::Mat& image) {
  cv::Mat sum, squares, tilted;
  cv::integral(image, sum, squares, tilted, image.depth() == CV_8U ? CV_32S : CV_64F, CV_64F);
  return tilted;
}

// sat::cpu_tilted of a one-channel image, (rows + 1) × (cols + 1), CV_32S or CV_32F.
inline cv::Mat sat_cpu_tilted(const cv::Mat& image) {
  cv::Mat out(image.rows + 1, image.cols + 1, image.depth() == CV_8U ? CV_32S : CV_32F);
  sat::cpu_tilted({tilted_type(image), {image.cols, image.rows}, image.data, image.step, out.data, out.step});
  return out;
}

// A random image (seeded), every value of its type's range possible: 0..255 or [0, 1).
inline cv::Mat random_image(int rows, int cols, int depth, uint64_t seed) {
  cv::Mat image(rows, cols, depth);
  cv::RNG rng(seed);
  if (depth == CV_8U)
    rng.fill(image, cv::RNG::UNIFORM, 0, 256);
  else
    rng.fill(image, cv::RNG::UNIFORM, 0.0, 1.0);
  return image;
}

// A value's class: 0 finite, 1 +inf, 2 −inf, 3 NaN.
inline int value_class(double v) { return std::isnan(v) ? 3 : std::isinf(v) ? (v > 0 ? 1 : 2) : 0; }

inline double value_at(const cv::Mat& m, int y, int x) {
  return m.depth() == CV_64F ? m.at<double>(y, x) : m.depth() == CV_32F ? double(m.at<float>(y, x)) : m.at<int>(y, x);
}

// Cells whose class differs between two tables of the same size (any depths).
inline int class_differences(const cv::Mat& expected, const cv::Mat& actual) {
  int differing = 0;
  for (int y = 0; y < expected.rows; ++y)
    for (int x = 0; x < expected.cols; ++x)
      differing += value_class(value_at(expected, y, x)) != value_class(value_at(actual, y, x));
  return differing;
}

// Cells whose classes differ, or whose finite values differ by more than `bound(expected)`.
template <class Bound>
int values_outside(const cv::Mat& expected, const cv::Mat& actual, Bound bound) {
  int outside = 0;
  for (int y = 0; y < expected.rows; ++y)
    for (int x = 0; x < expected.cols; ++x) {
      const double e = value_at(expected, y, x), a = value_at(actual, y, x);
      if (value_class(e) != value_class(a) || (value_class(e) == 0 && std::abs(a - e) > bound(e))) ++outside;
    }
  return outside;
}

// The sum of |pixel| over an image's finite pixels.
inline double finite_abs_sum(const cv::Mat& image) {
  double s = 0;
  for (int y = 0; y < image.rows; ++y)
    for (int x = 0; x < image.cols; ++x)
      if (std::isfinite(image.at<float>(y, x))) s += std::abs(image.at<float>(y, x));
  return s;
}

struct NamedFloatImage {
  std::string name;
  cv::Mat image;
};

// Random float images with infinities and NaNs planted: alone, together (their triangles
// overlapping), in rows and columns, at the corners, at the GPU's band (32 rows) and band-tile
// (256 columns) edges.
inline std::vector<NamedFloatImage> non_finite_images() {
  const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<NamedFloatImage> out;
  const auto add = [&](const std::string& name, cv::Size size, uint64_t seed, auto&& plant) {
    cv::Mat image = random_image(size.height, size.width, CV_32F, seed);
    plant(image);
    out.push_back({name + " " + std::to_string(size.width) + "x" + std::to_string(size.height), image});
  };
  add("+inf alone", {1, 1}, 1, [&](cv::Mat& m) { m.at<float>(0, 0) = inf; });
  add("-inf alone", {7, 1}, 2, [&](cv::Mat& m) { m.at<float>(0, 3) = -inf; });
  add("NaN alone", {1, 9}, 3, [&](cv::Mat& m) { m.at<float>(4, 0) = nan; });
  for (const cv::Size size : {cv::Size{33, 31}, cv::Size{64, 65}, cv::Size{300, 97}}) {
    const int w = size.width, h = size.height;
    add("+inf", size, 10, [&](cv::Mat& m) { m.at<float>(h / 3, w / 2) = inf; });
    add("-inf", size, 11, [&](cv::Mat& m) { m.at<float>(h / 2, w / 3) = -inf; });
    add("NaN", size, 12, [&](cv::Mat& m) { m.at<float>(h / 4, w / 4) = nan; });
    add("+inf and -inf", size, 13, [&](cv::Mat& m) {
      m.at<float>(h / 4, w / 2) = inf;
      m.at<float>(h / 4 + 2, w / 2 + 5) = -inf;
    });
    add("a row of +inf, a column of -inf", size, 14, [&](cv::Mat& m) {
      m.row(h / 2).setTo(inf);
      m.col(w - 1).setTo(-inf);
    });
    add("corners", size, 15, [&](cv::Mat& m) {
      m.at<float>(0, 0) = inf;
      m.at<float>(0, w - 1) = -inf;
      m.at<float>(h - 1, 0) = nan;
      m.at<float>(h - 1, w - 1) = inf;
    });
  }
  add("band and tile edges", {520, 97}, 16, [&](cv::Mat& m) {
    m.at<float>(31, 255) = inf;
    m.at<float>(32, 256) = inf;
    m.at<float>(63, 257) = -inf;
    m.at<float>(64, 511) = inf;
  });
  return out;
}

}  // namespace detect_test
