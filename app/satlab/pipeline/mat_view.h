// sat image views of OpenCV host images (no copy).
#pragma once

#include <opencv2/core.hpp>

#include "sat/filters.h"

namespace satlab {

inline sat::Image8 image_view(cv::Mat& m) { return {m.data, m.step[0], m.cols, m.rows, m.channels()}; }
inline sat::ConstImage8 image_view(const cv::Mat& m) { return {m.data, m.step[0], m.cols, m.rows, m.channels()}; }

}  // namespace satlab
