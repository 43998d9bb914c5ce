// See cascade_check.h.
#include "detect/cascade_check.h"

#include <cstdint>
#include <cstdio>
#include <vector>

namespace sat::detect {
namespace {

std::string rect_text(const HaarRect& r) {
  char weight[32];
  std::snprintf(weight, sizeof weight, "%g", double(r.weight));
  return std::to_string(r.x) + " " + std::to_string(r.y) + " " + std::to_string(r.width) + " " +
         std::to_string(r.height) + " " + weight;
}

// Wider than int: a file's x + width may exceed INT_MAX.
bool inside_window(const HaarRect& r, Extent window) {
  return r.x >= 0 && r.y >= 0 && r.width >= 0 && r.height >= 0 &&
         int64_t(r.x) + int64_t(r.width) <= int64_t(window.width) &&
         int64_t(r.y) + int64_t(r.height) <= int64_t(window.height);
}

// A tilted rectangle (x, y, w, h) is the rectangle rotated by 45° about its corner (x, y): its
// corners (x, y), (x − h, y + h), (x + w, y + w) and (x + w − h, y + w + h) must lie in the window.
bool tilted_inside_window(const HaarRect& r, Extent window) {
  return r.x >= 0 && r.y >= 0 && r.width >= 0 && r.height >= 0 && int64_t(r.x) - int64_t(r.height) >= 0 &&
         int64_t(r.x) + int64_t(r.width) <= int64_t(window.width) &&
         int64_t(r.y) + int64_t(r.width) + int64_t(r.height) <= int64_t(window.height);
}

// "" or "feature F, rectangle R (x y w h weight) lies outside the WxH window".
std::string feature_problem(const HaarCascade& c, int feature) {
  const HaarFeature& f = c.features[std::size_t(feature)];
  for (int k = 0; k < 3; ++k)
    if (!(f.tilted ? tilted_inside_window(f.rects[k], c.window) : inside_window(f.rects[k], c.window)))
      return "feature " + std::to_string(feature) + (f.tilted ? ", tilted rectangle " : ", rectangle ") +
             std::to_string(k) + " (" + rect_text(f.rects[k]) + ") lies outside the " + std::to_string(c.window.width) +
             "x" + std::to_string(c.window.height) + " window";
  return "";
}

// One tree's nodes, links, features and rectangles ("" or the problem, located inside the tree).
std::string tree_problem(const HaarCascade& c, const HaarTree& tree) {
  const int64_t nodes = int64_t(c.nodes.size()), leaves = int64_t(c.leaves.size());
  if (tree.node_count < 1) return "has " + std::to_string(tree.node_count) + " nodes (at least 1)";
  if (tree.first_node < 0 || int64_t(tree.first_node) + tree.node_count > nodes)
    return "nodes " + std::to_string(tree.first_node) + ".." +
           std::to_string(int64_t(tree.first_node) + tree.node_count - 1) + " are not all among the cascade's " +
           std::to_string(nodes) + " nodes";
  if (tree.first_leaf < 0 || int64_t(tree.first_leaf) + tree.node_count + 1 > leaves)
    return "leaves " + std::to_string(tree.first_leaf) + ".." +
           std::to_string(int64_t(tree.first_leaf) + tree.node_count) + " are not all among the cascade's " +
           std::to_string(leaves) + " leaves";
  // Walked from the root (node 0; a link > 0 names a node, ≤ 0 the leaf −link): each node and
  // each leaf reached exactly once. A node reached twice is a cycle (the walk would never end) or
  // a shared branch; one never reached is dead.
  std::vector<char> node_seen(std::size_t(tree.node_count), 0), leaf_seen(std::size_t(tree.node_count) + 1, 0);
  std::vector<int> pending{0};
  node_seen[0] = 1;
  while (!pending.empty()) {
    const int k = pending.back();
    pending.pop_back();
    const HaarNode& n = c.nodes[std::size_t(tree.first_node + k)];
    const std::string at = "node " + std::to_string(k) + ": ";
    if (n.feature < 0 || n.feature >= int(c.features.size()))
      return at + "uses feature " + std::to_string(n.feature) + " but the cascade has " +
             std::to_string(c.features.size()) + " features";
    if (const std::string p = feature_problem(c, n.feature); !p.empty()) return at + p;
    for (const int link : {n.left, n.right}) {
      if (link >= tree.node_count || int64_t(-int64_t(link)) > tree.node_count)
        return at + "points to node or leaf " + std::to_string(link) + " outside its tree of " +
               std::to_string(tree.node_count) + " nodes";
      char& seen = link > 0 ? node_seen[std::size_t(link)] : leaf_seen[std::size_t(-link)];
      if (seen)
        return at + (link > 0 ? "node " + std::to_string(link) : "leaf " + std::to_string(-link)) +
               " is reached twice (the tree's links form a cycle or share a branch)";
      seen = 1;
      if (link > 0) pending.push_back(link);
    }
  }
  for (int k = 0; k < tree.node_count; ++k)
    if (!node_seen[std::size_t(k)]) return "node " + std::to_string(k) + " is never reached from the root";
  for (int k = 0; k <= tree.node_count; ++k)
    if (!leaf_seen[std::size_t(k)]) return "leaf " + std::to_string(k) + " is never reached from the root";
  return "";
}

}  // namespace

std::string cascade_problem(const HaarCascade& c) {
  if (c.stages.empty()) return "has no stages";
  const int64_t trees = int64_t(c.trees.size());
  for (std::size_t s = 0; s < c.stages.size(); ++s) {
    const HaarStage& stage = c.stages[s];
    const std::string at = "stage " + std::to_string(s);
    if (stage.tree_count < 1) return at + " has no weak classifiers";
    if (stage.first_tree < 0 || int64_t(stage.first_tree) + stage.tree_count > trees)
      return at + ": its trees are not all among the cascade's " + std::to_string(trees) + " trees";
    for (int t = 0; t < stage.tree_count; ++t)
      if (const std::string p = tree_problem(c, c.trees[std::size_t(stage.first_tree + t)]); !p.empty())
        return at + ", tree " + std::to_string(t) + (p.rfind("has ", 0) == 0 ? " " : ", ") + p;
  }
  // Features no node uses are never read, but the evaluation lays them all out: each is checked too.
  for (std::size_t f = 0; f < c.features.size(); ++f)
    if (const std::string p = feature_problem(c, int(f)); !p.empty()) return p;
  return "";
}

}  // namespace sat::detect
