#include "detect/grouping.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "detect/scale_plan.h"

namespace sat::detect {
namespace {

// SimilarRects.
bool similar(const Box& a, const Box& b, double eps) {
  const double delta = eps * (std::min(a.width, b.width) + std::min(a.height, b.height)) * 0.5;
  return std::abs(a.x - b.x) <= delta && std::abs(a.y - b.y) <= delta &&
         std::abs(a.x + a.width - b.x - b.width) <= delta && std::abs(a.y + a.height - b.y - b.height) <= delta;
}

}  // namespace

void Grouper::group(std::vector<Box>& rects, int group_threshold, double eps) {
  if (group_threshold <= 0 || rects.empty()) return;
  const int n = int(rects.size());

  // cv::partition: union-find over every similar pair (the predicate is symmetric).
  parent_.assign(std::size_t(n), -1);
  rank_.assign(std::size_t(n), 0);
  auto find = [&](int k) {
    while (parent_[k] >= 0) k = parent_[k];
    return k;
  };
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      if (!similar(rects[i], rects[j], eps)) continue;
      int ri = find(i), rj = find(j);
      if (ri == rj) continue;
      if (rank_[ri] < rank_[rj]) std::swap(ri, rj);
      parent_[rj] = ri;
      if (rank_[ri] == rank_[rj]) ++rank_[ri];
      for (int k : {i, j}) {  // path compression
        while (parent_[k] >= 0 && parent_[k] != ri) {
          const int next = parent_[k];
          parent_[k] = ri;
          k = next;
        }
      }
    }
  }
  // Classes in order of first appearance; rank_ is reused as the class label of each root.
  labels_.resize(std::size_t(n));
  std::fill(rank_.begin(), rank_.end(), -1);
  int classes = 0;
  for (int i = 0; i < n; ++i) {
    const int root = find(i);
    if (rank_[root] < 0) rank_[root] = classes++;
    labels_[i] = rank_[root];
  }

  sums_.assign(std::size_t(classes) * 4, 0);
  weights_.assign(std::size_t(classes), 0);
  for (int i = 0; i < n; ++i) {
    long long* s = &sums_[std::size_t(labels_[i]) * 4];
    s[0] += rects[i].x, s[1] += rects[i].y, s[2] += rects[i].width, s[3] += rects[i].height;
    ++weights_[labels_[i]];
  }
  averaged_.resize(std::size_t(classes));
  for (int c = 0; c < classes; ++c) {
    // OpenCV: int sums times float(1/count), then saturate_cast<int> (cvRound of the float).
    const float s = 1.f / float(weights_[c]);
    const long long* sum = &sums_[std::size_t(c) * 4];
    averaged_[c] = {cv_round(float(int(sum[0])) * s), cv_round(float(int(sum[1])) * s), cv_round(float(int(sum[2])) * s),
                    cv_round(float(int(sum[3])) * s)};
  }

  rects.clear();
  for (int i = 0; i < classes; ++i) {
    const Box r1 = averaged_[i];
    const int n1 = weights_[i];
    if (n1 <= group_threshold) continue;
    // Drop small boxes inside larger, better supported ones.
    int j = 0;
    for (; j < classes; ++j) {
      const int n2 = weights_[j];
      if (j == i || n2 <= group_threshold) continue;
      const Box r2 = averaged_[j];
      const int dx = cv_round(r2.width * eps), dy = cv_round(r2.height * eps);
      if (r1.x >= r2.x - dx && r1.y >= r2.y - dy && r1.x + r1.width <= r2.x + r2.width + dx &&
          r1.y + r1.height <= r2.y + r2.height + dy && (n2 > std::max(3, n1) || n1 < 3))
        break;
    }
    if (j == classes) rects.push_back(r1);
  }
}

void clip_boxes(Extent frame, std::vector<Box>& boxes) {
  std::size_t kept = 0;
  for (const Box& b : boxes) {
    const int x0 = std::max(b.x, 0), y0 = std::max(b.y, 0);
    const int w = std::min(b.x + b.width, frame.width) - x0, h = std::min(b.y + b.height, frame.height) - y0;
    if (w > 0 && h > 0) boxes[kept++] = {x0, y0, w, h};
  }
  boxes.resize(kept);
}

}  // namespace sat::detect

namespace sat {

void group_rectangles(std::vector<Box>& rects, int group_threshold, double eps) {
  detect::Grouper grouper;
  grouper.group(rects, group_threshold, eps);
}

}  // namespace sat
