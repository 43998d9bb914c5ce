// OpenCV's own Haar detector (cv::CascadeClassifier::detectMultiScale, objdetect) on the CPU: the
// baseline the detect scene compares satcore's detector with, speed and boxes. Only in the app,
// never in core/; a build without OpenCV's objdetect has none (available() says so).
#pragma once

#include <opencv2/core.hpp>

#include <memory>
#include <string>
#include <vector>

#include "sat/detect.h"

namespace satlab {

class OpenCvCascade {
 public:
  // Whether this build has OpenCV's objdetect; why not when it has none.
  static bool available();
  static const char* unavailable_reason();

  // Loads `path`. Throws std::runtime_error naming the file when OpenCV cannot load it (or the
  // build has no objdetect).
  explicit OpenCvCascade(const std::string& path);
  ~OpenCvCascade();
  OpenCvCascade(const OpenCvCascade&) = delete;
  OpenCvCascade& operator=(const OpenCvCascade&) = delete;

  const std::string& path() const { return path_; }
  // detectMultiScale(frame, boxes, scale_factor, min_neighbors, 0, min_size, max_size) on an
  // 8-bit gray or BGR frame (OpenCV converts BGR itself); `ms`: its wall time.
  std::vector<sat::Box> detect(const cv::Mat& frame, const sat::DetectParams& params, double& ms);

 private:
  struct Impl;
  std::string path_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace satlab
