// sat::Detector's argument checks and its scale plan.
#include <gtest/gtest.h>

#include "detect/scale_plan.h"
#include "detect_test_data.h"
#include "sat/detect.h"
#include "sat/error.h"

namespace {

sat::HaarCascade face_cascade() {
  return sat::load_haar_cascade(detect_test::cascade_path("haarcascade_frontalface_default.xml"));
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
  sat::HaarCascade tilted = c;
  tilted.features[3].tilted = true;
  try {
    sat::Detector(sat::Backend::Cpu, tilted, {640, 480}, {1.1, 3});
    ADD_FAILURE() << "a tilted cascade was accepted";
  } catch (const sat::Error& e) {
    EXPECT_EQ(e.code(), sat::ErrorCode::Unsupported);
    EXPECT_NE(std::string(e.what()).find("tilted"), std::string::npos);
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

}  // namespace
