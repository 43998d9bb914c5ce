// A HaarCascade flattened for evaluation on tables with a given row pitch (haar_eval.h): feature
// rectangles become corner offsets. Host vectors; the CUDA backend copies them to the device.
#pragma once

#include <vector>

#include "detect/haar_eval.h"
#include "sat/detect.h"

namespace sat::detect {

struct FlatCascade {
  std::vector<FlatStage> stages;
  std::vector<FlatTree> trees;
  std::vector<FlatNode> nodes;
  std::vector<float> leaves;
  std::vector<FlatFeature> features;
  int norm_ofs[4] = {0, 0, 0, 0};
  double norm_area = 0;

  FlatCascade(const HaarCascade& cascade, int table_pitch_elements);
  CascadeView view() const;  // host pointers into this object
};

}  // namespace sat::detect
