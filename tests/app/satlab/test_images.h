// Images for satlab's tests: frames of the synthetic scene, seeded random images, and the count of
// pixels in which two images differ.
#pragma once

#include <opencv2/core.hpp>

#include "sources/synthetic_source.h"

namespace satlab::test {

// The synthetic scene's frame `index` (0: the first) at width×height, BGR.
inline cv::Mat synthetic_frame(int width, int height, long long index) {
  SyntheticSource source(width, height);
  cv::Mat frame;
  for (long long i = 0; i <= index; ++i) source.poll(frame, 0.0);
  return frame;
}

inline cv::Mat random_image(int width, int height, int channels, unsigned seed) {
  cv::Mat m(height, width, CV_8UC(channels));
  cv::RNG rng(seed);
  rng.fill(m, cv::RNG::UNIFORM, 0, 256);
  return m;
}

// Pixels in which a and b differ in any channel; -1 when their sizes or types differ.
inline long long differing(const cv::Mat& a, const cv::Mat& b) {
  if (a.size() != b.size() || a.type() != b.type()) return -1;
  cv::Mat ne, any;
  cv::compare(a, b, ne, cv::CMP_NE);
  cv::reduce(ne.reshape(1, static_cast<int>(ne.total())), any, 1, cv::REDUCE_MAX);
  return cv::countNonZero(any);
}

}  // namespace satlab::test
