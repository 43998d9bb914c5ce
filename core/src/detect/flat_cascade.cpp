#include "detect/flat_cascade.h"

#include <algorithm>
#include <climits>
#include <cmath>

namespace sat::detect {
namespace {

// CV_SUM_OFS: top-left, top-right, bottom-left, bottom-right of (x, y, w, h).
void corner_offsets(int x, int y, int w, int h, int pitch, int* ofs) {
  ofs[0] = x + pitch * y;
  ofs[1] = x + w + pitch * y;
  ofs[2] = x + pitch * (y + h);
  ofs[3] = x + w + pitch * (y + h);
}

// CV_TILTED_OFFSETS: the tilted table's corners of the rotated rectangle (haar_eval.h).
void tilted_offsets(int x, int y, int w, int h, int pitch, int* ofs) {
  ofs[0] = x + pitch * y;
  ofs[1] = x - h + pitch * (y + h);
  ofs[2] = x + w + pitch * (y + w);
  ofs[3] = x + w - h + pitch * (y + w + h);
}

}  // namespace

bool uses_tilted_features(const HaarCascade& c) {
  for (const HaarFeature& f : c.features)
    if (f.tilted) return true;
  return false;
}

bool stage_sum_is_exact(const HaarCascade& c, const HaarStage& stage) {
  int lowest_bit = INT_MAX;  // L = 2^lowest_bit
  double bound = 0.;         // Σ over trees of max |leaf|
  for (int t = stage.first_tree; t < stage.first_tree + stage.tree_count; ++t) {
    const HaarTree& tree = c.trees[std::size_t(t)];
    double largest = 0.;
    for (int l = tree.first_leaf; l <= tree.first_leaf + tree.node_count; ++l) {
      const float leaf = c.leaves[std::size_t(l)];
      if (!std::isfinite(leaf)) return false;
      if (leaf == 0.f) continue;
      int exponent = 0;
      std::frexp(leaf, &exponent);  // |leaf| = m · 2^exponent, ½ ≤ m < 1: 24 bits down to 2^(exponent − 24)
      lowest_bit = std::min(lowest_bit, exponent - 24);
      largest = std::max(largest, double(std::fabs(leaf)));
    }
    bound += largest;
  }
  if (lowest_bit == INT_MAX) return true;  // all leaves zero
  return bound <= std::ldexp(1.0, lowest_bit + 52);
}

FlatCascade::FlatCascade(const HaarCascade& c, int pitch) {
  for (const HaarStage& s : c.stages)
    stages.push_back({s.first_tree, s.tree_count, s.threshold, stage_sum_is_exact(c, s) ? 1 : 0});
  for (const HaarTree& t : c.trees) trees.push_back({t.first_node, t.first_leaf});
  for (const HaarNode& n : c.nodes) nodes.push_back({n.left, n.right, n.feature, n.threshold});
  leaves = c.leaves;
  for (const HaarFeature& f : c.features) {
    FlatFeature ff{};
    for (int k = 0; k < 3; ++k) {
      const HaarRect& r = f.rects[k];
      (f.tilted ? tilted_offsets : corner_offsets)(r.x, r.y, r.width, r.height, pitch, ff.ofs[k]);
      ff.weight[k] = r.weight;
    }
    ff.tilted = f.tilted ? 1 : 0;
    features.push_back(ff);
  }
  // HaarEvaluator::read: normrect = (1, 1, width − 2, height − 2).
  corner_offsets(1, 1, c.window.width - 2, c.window.height - 2, pitch, norm_ofs);
  norm_area = double(c.window.width - 2) * double(c.window.height - 2);
}

CascadeView FlatCascade::view() const {
  CascadeView v;
  v.stages = stages.data();
  v.trees = trees.data();
  v.nodes = nodes.data();
  v.leaves = leaves.data();
  v.features = features.data();
  v.stage_count = int(stages.size());
  for (int k = 0; k < 4; ++k) v.norm_ofs[k] = norm_ofs[k];
  v.norm_area = norm_area;
  return v;
}

}  // namespace sat::detect
