// Whether two detectors found the same objects: the same count, and every box of one paired
// with a box of the other that overlaps it with IoU (intersection over union) >= 0.9. The order
// of the boxes does not matter (OpenCV's depends on its threads).
#pragma once

#include <vector>

#include "sat/detect.h"

namespace satlab {

inline constexpr double kAgreeingIoU = 0.9;

double iou(const sat::Box& a, const sat::Box& b);  // 0 when either is empty or they do not overlap

struct BoxAgreement {
  int ours = 0, theirs = 0;
  int paired = 0;        // boxes of ours paired one-to-one with one of theirs at IoU >= 0.9
  double worst_iou = 1;  // the lowest IoU among the pairs (1 without pairs)
  bool agree() const { return ours == theirs && paired == ours; }
};

// Pairs greedily, best IoU first.
BoxAgreement compare_boxes(const std::vector<sat::Box>& ours, const std::vector<sat::Box>& theirs);

}  // namespace satlab
