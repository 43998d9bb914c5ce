// OpenCV's twin of sat::Detector, written once: cv::CascadeClassifier::detectMultiScale (objdetect)
// on the CPU, with sat::DetectParams mapped onto its arguments. sat::Detector's CPU backend finds
// the same boxes (tests/detect/cpu/detect_opencv_cpu_test.cpp): the exact peer, OpenCL off.
// This header names no objdetect type. Its library (satlab_app_opencv_cascade_twin) exists where
// OpenCV has objdetect.
#pragma once

#include <opencv2/core.hpp>

#include <memory>
#include <string>
#include <vector>

#include "sat/detect.h"

namespace satapp {

class CascadeTwin {
 public:
  // Loads the cascade XML at `path`; throws std::runtime_error naming the file when OpenCV cannot.
  explicit CascadeTwin(const std::string& path);
  ~CascadeTwin();
  CascadeTwin(CascadeTwin&&) noexcept;
  CascadeTwin& operator=(CascadeTwin&&) noexcept;

  // detectMultiScale(gray, boxes, scale_factor, min_neighbors, 0, min_size, max_size) on an
  // 8-bit gray image.
  std::vector<sat::Box> detect(const cv::Mat& gray, const sat::DetectParams& params);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace satapp
