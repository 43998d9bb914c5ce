// A HaarCascade flattened for evaluation on tables with a given row pitch (haar_eval.h): feature
// rectangles become corner offsets. Host vectors; the CUDA backend copies them to the device.
#pragma once

#include <vector>

#include "detect/haar_eval.h"
#include "sat/detect.h"

namespace sat::detect {

// Whether the stage's sum is the same in any order: every leaf is a multiple of the smallest
// leaf's last bit L (a power of two), so every partial sum of one leaf per tree is too, and when
// the trees' largest |leaf| add up to at most 2^52·L every partial sum is exact in double. Then
// the CUDA backend may split a window's trees over several threads and get OpenCV's sum.
bool stage_sum_is_exact(const HaarCascade& cascade, const HaarStage& stage);

// Whether any feature is tilted: the evaluation then needs the tilted table too.
bool uses_tilted_features(const HaarCascade& cascade);

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
