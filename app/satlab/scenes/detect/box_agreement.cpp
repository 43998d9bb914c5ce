#include "scenes/detect/box_agreement.h"

#include <algorithm>
#include <tuple>

namespace satlab {

double iou(const sat::Box& a, const sat::Box& b) {
  const long long x0 = std::max(a.x, b.x), y0 = std::max(a.y, b.y);
  const long long x1 = std::min(a.x + a.width, b.x + b.width), y1 = std::min(a.y + a.height, b.y + b.height);
  if (x1 <= x0 || y1 <= y0) return 0;
  const long long overlap = (x1 - x0) * (y1 - y0);
  const long long all =
      static_cast<long long>(a.width) * a.height + static_cast<long long>(b.width) * b.height - overlap;
  return all > 0 ? static_cast<double>(overlap) / static_cast<double>(all) : 0;
}

BoxAgreement compare_boxes(const std::vector<sat::Box>& ours, const std::vector<sat::Box>& theirs) {
  BoxAgreement result;
  result.ours = static_cast<int>(ours.size());
  result.theirs = static_cast<int>(theirs.size());
  std::vector<std::tuple<double, int, int>> pairs;  // (IoU, ours, theirs) over the threshold
  for (int i = 0; i < result.ours; ++i)
    for (int j = 0; j < result.theirs; ++j)
      if (const double v = iou(ours[i], theirs[j]); v >= kAgreeingIoU) pairs.emplace_back(v, i, j);
  std::sort(pairs.begin(), pairs.end(), [](const auto& a, const auto& b) { return std::get<0>(a) > std::get<0>(b); });
  std::vector<bool> ours_taken(ours.size()), theirs_taken(theirs.size());
  for (const auto& [v, i, j] : pairs) {
    if (ours_taken[i] || theirs_taken[j]) continue;
    ours_taken[i] = theirs_taken[j] = true;
    ++result.paired;
    result.worst_iou = std::min(result.worst_iou, v);
  }
  return result;
}

}  // namespace satlab
