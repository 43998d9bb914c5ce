#include "detect/grouping.h"

#include <algorithm>

#include "detect/scale_plan.h"

namespace sat::detect {

void Grouper::group(std::vector<Box>& rects, int group_threshold, double eps) {
  if (group_threshold <= 0 || rects.empty()) return;
  const int n = int(rects.size());
  const int classes = partition_.run(rects, eps, labels_);  // cv::partition with SimilarRects(eps)

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
    averaged_[c] = {cv_round(float(int(sum[0])) * s), cv_round(float(int(sum[1])) * s),
                    cv_round(float(int(sum[2])) * s), cv_round(float(int(sum[3])) * s)};
  }

  // Only classes of more than group_threshold members are kept or can hide another: the
  // small-inside-large test runs over those alone (same result, not quadratic in all classes).
  strong_.clear();
  for (int c = 0; c < classes; ++c)
    if (weights_[c] > group_threshold) strong_.push_back(c);
  margins_.resize(std::size_t(classes));
  for (const int j : strong_) margins_[j] = {cv_round(averaged_[j].width * eps), cv_round(averaged_[j].height * eps)};
  rects.clear();
  for (const int i : strong_) {
    const Box r1 = averaged_[i];
    const int n1 = weights_[i];
    // Drop small boxes inside larger, better supported ones.
    bool inside = false;
    for (const int j : strong_) {
      if (j == i) continue;
      const int n2 = weights_[j];
      const Box r2 = averaged_[j];
      const int dx = margins_[j].first, dy = margins_[j].second;
      if (r1.x >= r2.x - dx && r1.y >= r2.y - dy && r1.x + r1.width <= r2.x + r2.width + dx &&
          r1.y + r1.height <= r2.y + r2.height + dy && (n2 > std::max(3, n1) || n1 < 3)) {
        inside = true;
        break;
      }
    }
    if (!inside) rects.push_back(r1);
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
