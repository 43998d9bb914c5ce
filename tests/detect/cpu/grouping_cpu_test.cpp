// sat::group_rectangles against cv::groupRectangles: same boxes in the same order.
#include <gtest/gtest.h>

#include <opencv2/objdetect.hpp>

#include "detect/grouping.h"
#include "sat/detect.h"

namespace {

std::vector<sat::Box> to_boxes(const std::vector<cv::Rect>& rects) {
  std::vector<sat::Box> out;
  for (const cv::Rect& r : rects) out.push_back({r.x, r.y, r.width, r.height});
  return out;
}

// Clusters of jittered boxes around random centres, nested boxes and loners.
std::vector<cv::Rect> random_candidates(cv::RNG& rng) {
  std::vector<cv::Rect> rects;
  const int clusters = rng.uniform(0, 12);
  for (int c = 0; c < clusters; ++c) {
    const int w = rng.uniform(20, 200), x = rng.uniform(-20, 600), y = rng.uniform(-20, 400);
    const int members = rng.uniform(1, 15);
    for (int m = 0; m < members; ++m) {
      const int ww = w + rng.uniform(-w / 8, w / 8 + 1);
      rects.emplace_back(x + rng.uniform(-w / 6, w / 6 + 1), y + rng.uniform(-w / 6, w / 6 + 1), ww, ww);
    }
    if (rng.uniform(0, 3) == 0)  // a small box inside this one
      for (int m = 0; m < rng.uniform(1, 6); ++m) rects.emplace_back(x + w / 4, y + w / 4, w / 3, w / 3);
  }
  return rects;
}

TEST(GroupingCpu, EqualsOpenCvsGroupRectangles) {
  cv::RNG rng(77);
  sat::detect::Grouper grouper;  // reused, as the detector reuses it
  for (int k = 0; k < 500; ++k) {
    std::vector<cv::Rect> rects = random_candidates(rng);
    std::vector<sat::Box> ours = to_boxes(rects);
    const int threshold = rng.uniform(0, 6);
    const double eps = k % 2 ? 0.2 : rng.uniform(0.05, 0.6);
    cv::groupRectangles(rects, threshold, eps);
    grouper.group(ours, threshold, eps);
    ASSERT_EQ(ours, to_boxes(rects)) << "case " << k << " threshold " << threshold << " eps " << eps;
  }
}

TEST(GroupingCpu, PublicFunctionMatchesAndThresholdZeroKeepsAll) {
  std::vector<cv::Rect> rects = {{10, 10, 50, 50}, {12, 11, 50, 50}, {11, 9, 52, 52}, {300, 300, 40, 40}};
  std::vector<sat::Box> ours = to_boxes(rects);
  std::vector<sat::Box> unchanged = ours;
  sat::group_rectangles(unchanged, 0);
  EXPECT_EQ(unchanged, ours);
  cv::groupRectangles(rects, 2, 0.2);
  sat::group_rectangles(ours, 2, 0.2);
  EXPECT_EQ(ours, to_boxes(rects));
  ASSERT_EQ(ours.size(), 1u);  // the three similar boxes, averaged; the loner dropped
}

TEST(GroupingCpu, ClipKeepsTheFramePartAndDropsBoxesOutside) {
  std::vector<sat::Box> boxes = {{-5, -5, 20, 20}, {90, 40, 30, 30}, {200, 0, 10, 10}, {0, 0, 10, 10}};
  sat::detect::clip_boxes({100, 60}, boxes);
  const std::vector<sat::Box> expected = {{0, 0, 15, 15}, {90, 40, 10, 20}, {0, 0, 10, 10}};
  EXPECT_EQ(boxes, expected);
}

}  // namespace
