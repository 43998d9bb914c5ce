// The C ABI of detection (sat/detect_c.h) gives sat::Detector's answers: the same boxes in the
// same order on scikit-image's astronaut (gray and colour, grouped and every raw window), counts
// beyond the caller's capacity, and the stage times. Its refusals: tests/core/cpu/detect_c_api_test.cpp.
#include <gtest/gtest.h>

#include <opencv2/imgcodecs.hpp>

#include <vector>

#include "detect_test_data.h"
#include "sat/detect.h"
#include "sat/detect_c.h"

namespace {

const std::string kFrontalFace = "haarcascade_frontalface_default.xml";

struct CDetector {
  sat_detector* detector = nullptr;
  CDetector(const sat::DetectParams& p, int width, int height) {
    sat_cascade* cascade = nullptr;
    EXPECT_EQ(sat_cascade_load(detect_test::cascade_path(kFrontalFace).c_str(), &cascade), SAT_OK) << sat_last_error();
    EXPECT_EQ(sat_detector_create(SAT_BACKEND_CPU, cascade, width, height, p.scale_factor, p.min_neighbors,
                                  p.min_size.width, p.min_size.height, p.max_size.width, p.max_size.height, &detector),
              SAT_OK)
        << sat_last_error();
    sat_cascade_destroy(cascade);  // the detector keeps its own copy
  }
  ~CDetector() { sat_detector_destroy(detector); }
};

sat_image8 c_image(const cv::Mat& m) { return {m.data, m.step, m.cols, m.rows, m.channels()}; }

std::vector<sat::Box> cpp_boxes(const cv::Mat& m, const sat::DetectParams& p) {
  sat::Detector d(sat::Backend::Cpu, sat::load_haar_cascade(detect_test::cascade_path(kFrontalFace)), {m.cols, m.rows},
                  p);
  return d.detect({m.data, m.step, m.cols, m.rows, m.channels()});
}

void expect_same(const std::vector<sat_box>& c, int count, const std::vector<sat::Box>& cpp) {
  ASSERT_EQ(count, int(cpp.size()));
  for (int i = 0; i < count; ++i) {
    EXPECT_EQ(c[i].x, cpp[i].x) << i;
    EXPECT_EQ(c[i].y, cpp[i].y) << i;
    EXPECT_EQ(c[i].width, cpp[i].width) << i;
    EXPECT_EQ(c[i].height, cpp[i].height) << i;
  }
}

TEST(DetectCAbiAnswers, AstronautAsSatDetector) {
  for (int flags : {cv::IMREAD_GRAYSCALE, cv::IMREAD_COLOR}) {
    const cv::Mat image = detect_test::load_image("astronaut.png", flags);
    for (const sat::DetectParams& p :
         {sat::DetectParams{1.1, 3, {30, 30}, {0, 0}}, sat::DetectParams{1.2, 0, {0, 0}, {0, 0}}}) {
      SCOPED_TRACE(testing::Message() << "channels " << image.channels() << ", min_neighbors " << p.min_neighbors);
      const std::vector<sat::Box> expected = cpp_boxes(image, p);
      ASSERT_FALSE(expected.empty());
      CDetector c(p, image.cols, image.rows);
      const sat_image8 frame = c_image(image);
      std::vector<sat_box> boxes(expected.size() + 3);
      int count = -1;
      ASSERT_EQ(sat_detect(c.detector, &frame, boxes.data(), int(boxes.size()), &count, nullptr), SAT_OK)
          << sat_last_error();
      expect_same(boxes, count, expected);
    }
  }
}

TEST(DetectCAbiAnswers, CountsAllButWritesUpToCapacity) {
  const cv::Mat image = detect_test::load_image("astronaut.png", cv::IMREAD_GRAYSCALE);
  const sat::DetectParams raw{1.1, 0, {0, 0}, {0, 0}};  // every accepted window: many boxes
  const std::vector<sat::Box> expected = cpp_boxes(image, raw);
  ASSERT_GT(expected.size(), 8u);
  CDetector c(raw, image.cols, image.rows);
  ASSERT_EQ(sat_detector_enable_timing(c.detector, 1), SAT_OK);
  const sat_image8 frame = c_image(image);
  const sat_box sentinel{-7, -7, -7, -7};
  std::vector<sat_box> boxes(8 + 2, sentinel);
  int count = 0;
  ASSERT_EQ(sat_detect(c.detector, &frame, boxes.data(), 8, &count, nullptr), SAT_OK) << sat_last_error();
  EXPECT_EQ(count, int(expected.size()));
  for (int i = 0; i < 8; ++i) EXPECT_EQ(boxes[i].x, expected[i].x) << i;
  EXPECT_EQ(boxes[8].x, -7) << "written past the capacity";
  EXPECT_EQ(boxes[9].width, -7) << "written past the capacity";
  std::vector<sat_box> all(expected.size());
  int again = 0;
  ASSERT_EQ(sat_detector_boxes(c.detector, all.data(), int(all.size()), &again), SAT_OK) << sat_last_error();
  expect_same(all, again, expected);
  sat_detect_timing times{};
  ASSERT_EQ(sat_detect_times(c.detector, &times), SAT_OK);
  EXPECT_GT(times.scales, 1);
  EXPECT_EQ(times.windows, (long long)expected.size());  // ungrouped: every accepted window is a box
  EXPECT_GT(times.cascade_ms, 0.0);
}

}  // namespace
