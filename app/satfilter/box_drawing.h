// --draw: detected boxes burnt into a frame.
#pragma once

#include <opencv2/core.hpp>

#include <vector>

#include "sat/detect.h"

namespace satfilter {

// Draws each box's outline, 2 pixels wide and inside the box (its first and last two rows and
// columns), in green (B 0, G 255, R 0; alpha 255) on a 3- or 4-channel frame, in white on a gray
// one. Boxes must lie in the frame (sat::Detector clips them); a box narrower or lower than 4
// pixels is filled.
void draw_boxes(cv::Mat& frame, const std::vector<sat::Box>& boxes);

}  // namespace satfilter
