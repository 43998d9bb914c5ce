// The tilted table (sat::Table::Tilted) in cv::Mat terms, for the tests that hold it against
// cv::integral's `tilted` output and the CUDA table against the CPU one.
#pragma once

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

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

}  // namespace detect_test
