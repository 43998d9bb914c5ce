// The bucketed partition of the grouping (RectPartition) against the all-pairs reference
// (cv::partition's quadratic loop) and cv::groupRectangles: the same classes, numbered the same,
// on random, adversarial and real inputs; and its cost is not quadratic.
#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>
#include <opencv2/objdetect.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include "detect/grouping.h"
#include "detect/rect_partition.h"
#include "detect_test_data.h"
#include "sat/detect.h"

namespace {

using sat::Box;
using sat::detect::RectPartition;

void expect_same_partition(const std::vector<Box>& rects, double eps, RectPartition& partition,
                           const std::string& what) {
  std::vector<int> expected, got;
  const int expected_classes = sat::detect::partition_all_pairs(rects, eps, expected);
  const int classes = partition.run(rects, eps, got);
  ASSERT_EQ(classes, expected_classes) << what << " (" << rects.size() << " rects, eps " << eps << ")";
  ASSERT_EQ(got, expected) << what << " (" << rects.size() << " rects, eps " << eps << ")";
}

std::vector<cv::Rect> to_cv(const std::vector<Box>& boxes) {
  std::vector<cv::Rect> out;
  for (const Box& b : boxes) out.emplace_back(b.x, b.y, b.width, b.height);
  return out;
}

std::vector<Box> to_boxes(const std::vector<cv::Rect>& rects) {
  std::vector<Box> out;
  for (const cv::Rect& r : rects) out.push_back({r.x, r.y, r.width, r.height});
  return out;
}

// Sizes from 1 to 1000 crowded into a small area: many pairs across size classes.
std::vector<Box> crowded_rects(std::mt19937& rng, int n, int area) {
  std::uniform_int_distribution<int> pos(-area / 4, area), size(1, 1000), jitter(-30, 30);
  std::vector<Box> rects;
  while (int(rects.size()) < n) {
    const int w = size(rng), x = pos(rng), y = pos(rng);
    const int members = std::uniform_int_distribution<int>(1, 40)(rng);
    for (int m = 0; m < members && int(rects.size()) < n; ++m) {
      const int ww = std::max(1, w + jitter(rng) * w / 100), hh = std::max(1, ww + jitter(rng) * ww / 200);
      rects.push_back({x + jitter(rng) * w / 100, y + jitter(rng) * w / 100, ww, hh});
    }
  }
  std::shuffle(rects.begin(), rects.end(), rng);
  return rects;
}

TEST(RectPartitionCpu, EqualsAllPairsOnRandomSetsAndEps) {
  std::mt19937 rng(2311);
  RectPartition partition;  // reused, as the detector reuses it
  for (int k = 0; k < 300; ++k) {
    const double eps = std::vector<double>{0.2, 0.05, 0.1, 0.3, 0.5, 0.9, 1.5, 4.0}[std::size_t(k % 8)];
    const int n = std::uniform_int_distribution<int>(0, 600)(rng);
    const int area = std::uniform_int_distribution<int>(50, 4000)(rng);
    expect_same_partition(crowded_rects(rng, n, area), eps, partition, "random case " + std::to_string(k));
  }
}

TEST(RectPartitionCpu, EqualsAllPairsOnAdversarialSets) {
  RectPartition partition;
  // Many identical rects, and identical rects of several sizes.
  expect_same_partition(std::vector<Box>(3000, Box{7, -3, 40, 40}), 0.2, partition, "identical");
  std::vector<Box> stacks;
  for (int k = 0; k < 2000; ++k) stacks.push_back({100, 100, 1 + k % 9 * 7, 1 + k % 9 * 7});
  expect_same_partition(stacks, 0.2, partition, "identical stacks");

  // A chain: each rect similar to its neighbours only (|dx| = δ exactly), shuffled.
  std::mt19937 rng(5);
  std::vector<Box> chain;
  for (int k = 0; k < 2000; ++k) chain.push_back({10 * k - 5000, -10 * k, 50, 50});  // δ = 0.2·100/2 = 10
  std::shuffle(chain.begin(), chain.end(), rng);
  expect_same_partition(chain, 0.2, partition, "chain at δ");
  for (Box& b : chain) b.x += b.x / 10 % 2;  // every other link one pixel beyond δ
  expect_same_partition(chain, 0.2, partition, "broken chain");

  // Growing sizes: rect k and k + 1 are similar, so one class spans every size class.
  std::vector<Box> growing;
  for (int k = 1; k < 3000; ++k) growing.push_back({-k / 2, 3, k, k + k / 3});
  std::shuffle(growing.begin(), growing.end(), rng);
  expect_same_partition(growing, 0.2, partition, "growing");
  expect_same_partition(growing, 0.05, partition, "growing, small eps");

  // Pairs exactly at the size ratio 1 + 2·eps, across powers of two (size-class edges).
  std::vector<Box> edges;
  for (int p = 2; p < 12; ++p)
    for (int d = -2; d <= 2; ++d) {
      const int s = (1 << p) + d, big = int(std::lround(s * 1.4));  // w + h of the pair's two rects
      edges.push_back({1000 * p, 0, s / 2, s - s / 2});
      edges.push_back({1000 * p - (big / 2 - s / 2) / 2, 0, big / 2, big - big / 2});
      edges.push_back({1000 * p, 500, s / 2, s - s / 2});
      edges.push_back({1000 * p, 500, big / 2 + 1, big - big / 2});
    }
  expect_same_partition(edges, 0.2, partition, "size-class edges");

  // Large coordinates of either sign (cells below zero, far from the origin; no pair's
  // difference overflows an int, as none does in a frame).
  std::vector<Box> far, far_negative;
  for (int k = 0; k < 500; ++k) {
    far.push_back({2000000000 - 30 * k, -1999999000 + k % 7, 30 + k % 5, 30});
    far_negative.push_back({-2000000000 + 30 * k, 1999999000 - k % 7, 30, 30 + k % 5});
  }
  expect_same_partition(far, 0.2, partition, "far");
  expect_same_partition(far_negative, 0.2, partition, "far, negative");
  // The int range's ends with one-pixel cells (a tiny eps): neighbour cells beyond ±2^31 (each
  // set near one end: no pair's difference overflows an int).
  const int lo = std::numeric_limits<int>::min(), hi = std::numeric_limits<int>::max() - 40;
  const std::vector<Box> low_end = {{lo, lo, 30, 30}, {lo, lo, 30, 30}, {lo + 1, lo, 30, 30}, {lo, lo + 2, 31, 30}};
  const std::vector<Box> high_end = {{hi, hi, 30, 30}, {hi, hi, 30, 30}, {hi - 1, hi, 30, 30}, {hi, hi - 2, 30, 31}};
  for (double eps : {1e-12, 0.2}) {
    expect_same_partition(low_end, eps, partition, "int range, low end");
    expect_same_partition(high_end, eps, partition, "int range, high end");
  }
}

TEST(RectPartitionCpu, DegenerateInputUsesTheReference) {
  RectPartition partition;
  const std::vector<Box> rects = {{0, 0, 0, 5},   {0, 0, 0, 5},   {1, 1, -3, 4},
                                  {2, 2, 10, 10}, {2, 2, 10, 10}, {3, 2, 10, 11}};
  for (double eps : {0.2, 0.0, -0.5, std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()})
    expect_same_partition(rects, eps, partition, "degenerate");
  std::vector<int> labels;
  EXPECT_EQ(partition.run({}, 0.2, labels), 0);
  EXPECT_TRUE(labels.empty());
}

// The raw windows of real detections (the CPU backend, which equals OpenCV): same partition,
// and the grouped boxes equal cv::groupRectangles's.
TEST(RectPartitionCpu, EqualsAllPairsOnRealRawWindows) {
  const sat::HaarCascade cascade =
      sat::load_haar_cascade(detect_test::cascade_path("haarcascade_frontalface_default.xml"));
  RectPartition partition;
  sat::detect::Grouper grouper;
  for (const detect_test::NamedImage& img : detect_test::face_images()) {
    SCOPED_TRACE(img.name);
    sat::Detector cpu(sat::Backend::Cpu, cascade, {img.image.cols, img.image.rows}, {1.1, 0});
    cpu.detect({img.image.data, img.image.step, img.image.cols, img.image.rows, img.image.channels()});
    const std::vector<Box> raw = cpu.candidates();  // unclipped, as the detector groups them
    ASSERT_FALSE(raw.empty());
    expect_same_partition(raw, 0.2, partition, img.name);
    for (int threshold : {1, 3, 5}) {
      std::vector<cv::Rect> expected = to_cv(raw);
      cv::groupRectangles(expected, threshold, 0.2);
      std::vector<Box> got = raw;
      grouper.group(got, threshold, 0.2);
      EXPECT_EQ(got, to_boxes(expected)) << "threshold " << threshold;
    }
  }
}

TEST(RectPartitionCpu, LargeSetsEqualOpenCvsGroupRectangles) {
  std::mt19937 rng(99);
  sat::detect::Grouper grouper;
  for (int k = 0; k < 6; ++k) {
    const std::vector<Box> rects = crowded_rects(rng, 3000, 3000);
    for (int threshold : {1, 3}) {
      std::vector<cv::Rect> expected = to_cv(rects);
      cv::groupRectangles(expected, threshold, 0.2);
      std::vector<Box> got = rects;
      grouper.group(got, threshold, 0.2);
      ASSERT_EQ(got, to_boxes(expected)) << "case " << k << " threshold " << threshold;
    }
  }
}

// Raw windows of a 4K frame's kind (every scale's step grid over many faces): the pairs tested
// grow with the windows, not with their square (all pairs: n²/2).
TEST(RectPartitionCpu, TestsFarFewerPairsThanAllOfThem) {
  std::vector<Box> rects;
  for (int face = 0; face < 120; ++face) {
    const int fx = 300 * (face % 12) + 20, fy = 300 * (face / 12) + 20;
    for (double scale = 1.0; scale < 8.0; scale *= 1.1) {
      const int w = int(std::lround(24 * scale)), step = scale < 2 ? 2 : int(std::lround(scale));
      for (int dy = -3; dy <= 3; ++dy)
        for (int dx = -3; dx <= 3; ++dx) rects.push_back({fx + dx * step, fy + dy * step, w, w});
    }
  }
  const long long n = (long long)rects.size();
  RectPartition partition;
  std::vector<int> labels;
  partition.run(rects, 0.2, labels);
  EXPECT_GT(n, 50000);
  EXPECT_LT(partition.last_pair_tests(), n * (n - 1) / 2 / 100) << "all pairs: " << n * (n - 1) / 2;
  // And the classes are the reference's on a part small enough for the quadratic loop.
  rects.resize(8000);
  expect_same_partition(rects, 0.2, partition, "4K-like");
}

}  // namespace
