// The structure of a HaarCascade checked before anything reads it through its indices: the
// stages' trees, the trees' nodes and leaves, the nodes' features and every feature rectangle.
// load_haar_cascade() refuses a file that fails it (naming the file); sat::Detector refuses a
// cascade built by hand that fails it. After it passes, the evaluation (haar_eval.h) reads only
// inside the cascade's arrays and, for every window position, inside the window's table area.
#pragma once

#include <string>

#include "sat/detect.h"

namespace sat::detect {

// "" when `cascade` is sound; else the first problem, located, e.g.
//   "stage 3, tree 7, node 1: feature 12, rectangle 2 (500 500 0 0 0) lies outside the 24x24 window"
//   "stage 0, tree 0: node 1 is reached twice (the tree's links form a cycle or a shared branch)"
// Checks: every stage has ≥ 1 tree, inside `trees`; every tree ≥ 1 node and node_count + 1 leaves,
// inside `nodes` and `leaves`; every link names a node or leaf of its own tree, and walked from
// the root, every node and every leaf is reached exactly once (no cycle, nothing unreachable,
// nothing shared); every node's feature exists; every rectangle of every feature — whatever its
// weight or size — lies inside the window (0 ≤ x, 0 ≤ y, 0 ≤ width, 0 ≤ height, x + width ≤
// window width, y + height ≤ window height).
std::string cascade_problem(const HaarCascade& cascade);

}  // namespace sat::detect
