// cv::groupRectangles(rects, group_threshold, eps) and CascadeClassifier's clipObjects, with
// scratch kept between calls (no allocation per frame once the buffers have grown).
#pragma once

#include <vector>

#include "detect/rect_partition.h"
#include "sat/detect.h"

namespace sat::detect {

class Grouper {
 public:
  // In place, like cv::groupRectangles. Classes are numbered in order of first appearance, as
  // cv::partition numbers them, so the output order is OpenCV's for the same input order.
  void group(std::vector<Box>& rects, int group_threshold, double eps);
  const RectPartition& partition() const { return partition_; }

 private:
  RectPartition partition_;
  std::vector<int> labels_, weights_, strong_;
  std::vector<long long> sums_;  // x, y, width, height per class (OpenCV sums in int)
  std::vector<Box> averaged_;
};

// Intersects every box with the frame and drops the empty ones (clipObjects).
void clip_boxes(Extent frame, std::vector<Box>& boxes);

}  // namespace sat::detect
