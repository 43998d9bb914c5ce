// sat image views of OpenCV host images (no copy), 8- and 16-bit.
#pragma once

#include <opencv2/core.hpp>

#include "sat/filters.h"

namespace satlab {

inline sat::Image8 image_view(cv::Mat& m) { return {m.data, m.step[0], m.cols, m.rows, m.channels()}; }
inline sat::ConstImage8 image_view(const cv::Mat& m) { return {m.data, m.step[0], m.cols, m.rows, m.channels()}; }
// The same for 16-bit images (CV_16U).
inline sat::Image16 image16_view(cv::Mat& m) {
  return {reinterpret_cast<uint16_t*>(m.data), m.step[0], m.cols, m.rows, m.channels()};
}
inline sat::ConstImage16 image16_view(const cv::Mat& m) {
  return {reinterpret_cast<const uint16_t*>(m.data), m.step[0], m.cols, m.rows, m.channels()};
}

}  // namespace satlab
