// sat::DetectSession, shared by the CPU and GPU suites: the detector grows with the frames and
// never shrinks, is made again for other parameters only, and finds what a sat::Detector made for
// each frame finds (the CPU backend's: both backends give the same boxes).
#pragma once

#include <gtest/gtest.h>

#include <opencv2/imgcodecs.hpp>  // the IMREAD_* flags only
#include <opencv2/imgproc.hpp>

#include <string>

#include "detect_test_data.h"
#include "sat/detect_session.h"
#include "sat/error.h"

namespace detect_test {

inline sat::ConstImage8 view_of(const cv::Mat& m) { return {m.data, m.step, m.cols, m.rows, m.channels()}; }

// The astronaut photograph at width × height, gray or BGR.
inline cv::Mat astronaut(int width, int height, bool gray) {
  const cv::Mat photo = load_image("astronaut.png", gray ? cv::IMREAD_GRAYSCALE : cv::IMREAD_COLOR);
  cv::Mat frame;
  cv::resize(photo, frame, cv::Size(width, height), 0, 0, cv::INTER_AREA);
  return frame;
}

// `find` gives the session's boxes of a host frame (detect_host, or a device path on CUDA).
template <class Find>
void check_detect_session(sat::Backend backend, Find&& find) {
  const sat::HaarCascade cascade = sat::load_haar_cascade(cascade_path("haarcascade_frontalface_default.xml"));
  const sat::DetectParams params{1.1, 3, {20, 20}, {0, 0}};
  sat::DetectSession session(backend, cascade, params);
  EXPECT_EQ(session.extent().width, 0);
  session.enable_stage_timing(true);
  struct Step {
    int width, height;
    bool gray;
    int want_width, want_height, want_made;
  };
  const Step steps[] = {{161, 121, true, 161, 121, 1},
                        {121, 181, false, 161, 181, 2},
                        {101, 101, true, 161, 181, 2},
                        {161, 181, false, 161, 181, 2}};
  bool found_any = false;
  for (const Step& s : steps) {
    SCOPED_TRACE(std::to_string(s.width) + "x" + std::to_string(s.height));
    const cv::Mat frame = astronaut(s.width, s.height, s.gray);
    sat::Detector reference(sat::Backend::Cpu, cascade, {s.width, s.height}, params);
    const std::vector<sat::Box> want = reference.detect(view_of(frame));
    EXPECT_TRUE(same_boxes(find(session, frame), want));
    found_any = found_any || !want.empty();
    EXPECT_EQ(session.extent().width, s.want_width);
    EXPECT_EQ(session.extent().height, s.want_height);
    EXPECT_EQ(session.detectors_made(), s.want_made);
    EXPECT_GT(session.last_times().scales, 0) << "stage timing kept across growth";
  }
  EXPECT_TRUE(found_any) << "the photograph's face must be found at some size";

  session.set_params(params);  // the same values: the detector stays
  EXPECT_EQ(session.reserve({10, 10}).max_extent().width, 161);
  EXPECT_EQ(session.detectors_made(), 2);
  sat::DetectParams other = params;
  other.min_neighbors = 0;
  session.set_params(other);  // made again at the next frame, of the extent it had
  const cv::Mat small = astronaut(101, 81, true);
  sat::Detector reference(sat::Backend::Cpu, cascade, {101, 81}, other);
  EXPECT_TRUE(same_boxes(find(session, small), reference.detect(view_of(small))));
  EXPECT_EQ(session.detectors_made(), 3);
  EXPECT_EQ(session.extent().width, 161);
  EXPECT_EQ(session.extent().height, 181);

  // Parameters satcore refuses: refused when the first detector is made (reserve makes it early).
  sat::DetectSession refused(backend, cascade, {0.5, 3, {}, {}});
  EXPECT_THROW(refused.reserve({64, 64}), sat::Error);
  EXPECT_EQ(refused.extent().width, 0);
}

}  // namespace detect_test
