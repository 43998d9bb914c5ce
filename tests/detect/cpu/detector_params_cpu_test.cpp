// sat::Detector's argument checks and its scale plan.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "detect/scale_plan.h"
#include "detect_test_data.h"
#include "sat/detect.h"
#include "sat/error.h"

namespace {

sat::HaarCascade face_cascade() {
  return sat::load_haar_cascade(detect_test::cascade_path("haarcascade_frontalface_default.xml"));
}

// A 24x24 cascade built in memory: one stage of one stump on "upper half minus lower half".
sat::HaarCascade one_stump_cascade(float stage_threshold, float left_leaf, float right_leaf) {
  sat::HaarCascade c;
  c.window = {24, 24};
  c.stages = {{0, 1, stage_threshold}};
  c.trees = {{0, 1, 0}};
  c.nodes = {{0, -1, 0, 0.f}};
  c.leaves = {left_leaf, right_leaf};
  sat::HaarFeature f;
  f.rects[0] = {0, 0, 24, 12, 1.f};
  f.rects[1] = {0, 12, 24, 12, -1.f};
  c.features = {f};
  c.max_nodes_per_tree = 1;
  return c;
}

// The message of the sat::Error `make` throws ("" when it throws none).
template <class Make>
std::string refusal(Make make) {
  try {
    make();
  } catch (const sat::Error& e) {
    return e.what();
  }
  return "";
}

std::vector<uint8_t> noise(int width, int height) {
  std::mt19937 random(7);
  std::vector<uint8_t> pixels(std::size_t(width) * std::size_t(height));
  for (uint8_t& p : pixels) p = uint8_t(random());
  return pixels;
}

TEST(DetectorParamsCpu, RefusesBadParameters) {
  const sat::HaarCascade c = face_cascade();
  EXPECT_THROW(sat::Detector(sat::Backend::Cpu, c, {640, 480}, {1.0, 3}), sat::Error);
  EXPECT_THROW(sat::Detector(sat::Backend::Cpu, c, {640, 480}, {0.5, 3}), sat::Error);
  EXPECT_THROW(sat::Detector(sat::Backend::Cpu, c, {640, 480}, {std::nan(""), 3}), sat::Error);
  EXPECT_THROW(sat::Detector(sat::Backend::Cpu, c, {640, 480}, {1.1, -1}), sat::Error);
  EXPECT_THROW(sat::Detector(sat::Backend::Cpu, c, {640, 480}, {1.1, 3, {-1, 0}}), sat::Error);
  EXPECT_THROW(sat::Detector(sat::Backend::Cpu, c, {0, 480}, {1.1, 3}), sat::Error);
  EXPECT_THROW(sat::Detector(sat::Backend::Cpu, sat::HaarCascade{}, {640, 480}, {1.1, 3}), sat::Error);
  // A tilted feature whose rotated rectangle leaves the window (x − height < 0).
  sat::HaarCascade tilted = c;
  tilted.features[3].tilted = true;
  tilted.features[3].rects[0] = {1, 0, 2, 3, -1.f};
  try {
    sat::Detector(sat::Backend::Cpu, tilted, {640, 480}, {1.1, 3});
    ADD_FAILURE() << "a tilted rectangle outside the window was accepted";
  } catch (const sat::Error& e) {
    EXPECT_EQ(e.code(), sat::ErrorCode::InvalidArgument);
    EXPECT_NE(std::string(e.what()).find("tilted rectangle 0"), std::string::npos) << e.what();
  }
}

TEST(DetectorParamsCpu, RefusesBadFrames) {
  sat::Detector d(sat::Backend::Cpu, face_cascade(), {64, 48}, {1.1, 3});
  std::vector<uint8_t> pixels(65 * 49 * 4, 0);
  EXPECT_THROW(d.detect({pixels.data(), 65, 65, 48, 1}), sat::Error);  // wider than the max extent
  EXPECT_THROW(d.detect({pixels.data(), 64, 64, 49, 1}), sat::Error);  // taller
  EXPECT_THROW(d.detect({nullptr, 64, 64, 48, 1}), sat::Error);
  EXPECT_THROW(d.detect({pixels.data(), 63, 64, 48, 1}), sat::Error);  // pitch < width
  EXPECT_THROW(d.detect({pixels.data(), 128, 64, 48, 2}), sat::Error);
  EXPECT_THROW(d.detect({pixels.data(), 64, 0, 48, 1}), sat::Error);
  EXPECT_TRUE(d.detect({pixels.data(), 64, 64, 48, 1}).empty());  // a flat frame: nothing
  EXPECT_TRUE(d.detect({pixels.data(), 12, 12, 10, 1}).empty());  // smaller than the window: no scale
  EXPECT_EQ(d.last_times().scales, 0);
}

TEST(DetectorParamsCpu, ScalePlanFollowsOpenCv) {
  std::vector<sat::detect::ScaleLevel> levels;
  sat::detect::plan_scales({640, 480}, {24, 24}, {1.1, 3, {30, 30}, {0, 0}}, levels);
  ASSERT_FALSE(levels.empty());
  // The first factor whose window rounds to ≥ 30: 1.1^3 = 1.331 (32 px); 1.1^2 gives 29.
  EXPECT_FLOAT_EQ(levels[0].scale, float(1.1 * 1.1 * 1.1));
  EXPECT_EQ(levels[0].box_width, 32);
  EXPECT_EQ(levels[0].size.width, 481);  // cvRound(640 / 1.331f)
  for (const auto& l : levels) {
    EXPECT_EQ(l.step, l.scale >= 2 ? 1 : 2);
    EXPECT_LE(l.box_width, 480);
    EXPECT_EQ(l.positions.width, l.size.width + 1 - 24);
  }
  EXPECT_LE(int(levels.size()), sat::detect::max_scale_count({640, 480}, {24, 24}, {1.1, 3}));
}

// detectMultiScaleNoGrouping's stripes: cvCeil(first working width / 32) of them, each
// max((height / step + stripes − 1) / stripes, 1) · step rows, scanned while y < the working height.
TEST(DetectorParamsCpu, ScannedRowsFollowOpenCvsStripes) {
  EXPECT_EQ(sat::detect::scanned_rows(49, 2, 4), 24);  // stripes of 12 rows end at 48: row 48 is left out
  EXPECT_EQ(sat::detect::scanned_rows(49, 2, 5), 25);  // stripes of 10 rows reach 50: every row
  EXPECT_EQ(sat::detect::scanned_rows(48, 2, 4), 24);
  EXPECT_EQ(sat::detect::scanned_rows(7, 1, 3), 7);  // step 1: every row
  EXPECT_EQ(sat::detect::scanned_rows(1, 2, 4), 1);  // one row: stripes of at least one step
  EXPECT_EQ(sat::detect::scanned_rows(0, 2, 4), 0);
  EXPECT_EQ(sat::detect::scanned_rows(49, 2, 0), 0);
  // A 125x100 frame, a 20x20 window: the first level's working width 106 gives 4 stripes; the
  // fifth level (1.1^4, 85x68 resized, working height 49) scans 24 rows, the last at y = 46.
  std::vector<sat::detect::ScaleLevel> levels;
  sat::detect::plan_scales({125, 100}, {20, 20}, {1.1, 0}, levels);
  ASSERT_GE(levels.size(), 5u);
  EXPECT_EQ(levels[4].size.height, 68);
  EXPECT_EQ(levels[4].positions.height, 49);
  EXPECT_EQ(levels[4].rows, 24);
  for (const auto& l : levels) {
    EXPECT_LE(l.rows, (l.positions.height + l.step - 1) / l.step);
    EXPECT_GE(l.rows, l.positions.height / l.step);
  }
}

// A cascade built by hand is checked like a loaded one: nothing is read out of bounds, no walk
// loops forever.
TEST(DetectorParamsCpu, RefusesInconsistentHandBuiltCascades) {
  const auto make = [](const sat::HaarCascade& c) {
    return refusal([&] { sat::Detector(sat::Backend::Cpu, c, {64, 64}, {1.1, 3}); });
  };
  EXPECT_EQ(make(one_stump_cascade(0.f, -1.f, 1.f)), "");
  sat::HaarCascade far = one_stump_cascade(0.f, -1.f, 1.f);
  far.features[0].rects[2] = {1000000000, 1000000000, 0, 0, 0.f};  // zero size, zero weight
  EXPECT_NE(make(far).find("stage 0, tree 0, node 0: feature 0, rectangle 2 (1000000000 1000000000 0 0 0) lies "
                           "outside the 24x24 window"),
            std::string::npos)
      << make(far);
  sat::HaarCascade cycle = one_stump_cascade(0.f, -1.f, 1.f);
  cycle.trees[0].node_count = 2;
  cycle.nodes = {{1, 1, 0, 0.1f}, {1, 1, 0, 0.1f}};
  cycle.leaves = {-1.f, 1.f, 2.f};
  EXPECT_NE(make(cycle).find("node 1 is reached twice"), std::string::npos) << make(cycle);
  sat::HaarCascade stray = one_stump_cascade(0.f, -1.f, 1.f);
  stray.nodes[0].feature = 5;
  EXPECT_NE(make(stray).find("uses feature 5"), std::string::npos) << make(stray);
  sat::HaarCascade past_end = one_stump_cascade(0.f, -1.f, 1.f);
  past_end.stages[0].tree_count = 2;
  EXPECT_NE(make(past_end).find("stage 0: its trees are not all among the cascade's 1 trees"), std::string::npos)
      << make(past_end);
}

// A factor just above 1 made the scale list grow without bound (4.2 GB, then out of memory).
TEST(DetectorParamsCpu, RefusesFactorsWithTooManyScales) {
  const sat::HaarCascade c = face_cascade();
  for (double factor : {1.0000000001, 1.0 + std::ldexp(1.0, -52), 1.000001, 1.003}) {
    SCOPED_TRACE(factor);
    const auto t0 = std::chrono::steady_clock::now();
    const std::string why = refusal([&] { sat::Detector(sat::Backend::Cpu, c, {512, 512}, {factor, 3}); });
    EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 1.0);
    EXPECT_NE(why.find("gives more than 1000 scales (the limit) for a 24x24 window in frames up to 512x512"),
              std::string::npos)
        << why;
    // The factor it names fits.
    const std::string hint = "use a factor of at least ";
    ASSERT_NE(why.find(hint), std::string::npos) << why;
    const double fitting = std::strtod(why.c_str() + why.find(hint) + hint.size(), nullptr);
    EXPECT_GT(fitting, 1.0);
    EXPECT_LT(fitting, 1.01);
    EXPECT_NO_THROW(sat::Detector(sat::Backend::Cpu, c, {512, 512}, {fitting, 3}));
  }
  EXPECT_NE(refusal([&] {
              sat::Detector(sat::Backend::Cpu, c, {512, 512}, {1.0000000001, 3});
            }).find("1.0000000001"),
            std::string::npos);
  // The promise of kMaxDetectScales' comment: 1.01 fits the largest frame with the smallest window.
  EXPECT_LE(sat::detect::max_scale_count({32768, 32768}, {3, 3}, {1.01, 3}), sat::kMaxDetectScales);
  EXPECT_GT(sat::detect::max_scale_count({32768, 32768}, {3, 3}, {1.009, 3}), sat::kMaxDetectScales);
}

// A cascade that accepts every window (stage threshold -1e39 as a float: -inf) gave ~700 000
// windows at 960x540 and took seconds per frame to group: detect() stops at the limit.
TEST(DetectorParamsCpu, StopsAtTheWindowLimit) {
  const std::vector<uint8_t> pixels = noise(960, 540);
  sat::Detector d(sat::Backend::Cpu, one_stump_cascade(-INFINITY, 1e38f, 1e38f), {960, 540}, {1.1, 3});
  const auto t0 = std::chrono::steady_clock::now();
  try {
    d.detect({pixels.data(), 960, 960, 540, 1});
    ADD_FAILURE() << "a frame of " << d.candidates().size() << " windows was grouped";
  } catch (const sat::Error& e) {
    EXPECT_EQ(e.code(), sat::ErrorCode::Unsupported);
    EXPECT_NE(std::string(e.what()).find("accepted more than 200000 windows (the limit) in the 960x540 frame"),
              std::string::npos)
        << e.what();
  }
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 10.0);
  EXPECT_LT(d.candidates().size(), std::size_t(2 * sat::kMaxDetectWindows));  // stopped at the scale that passed it
  // A frame under the limit still gives every window (min_neighbors 0: ungrouped).
  sat::Detector small(sat::Backend::Cpu, one_stump_cascade(-INFINITY, 1e38f, 1e38f), {200, 100}, {1.1, 0});
  EXPECT_GT(small.detect({pixels.data(), 960, 200, 100, 1}).size(), 1000u);
}

}  // namespace
