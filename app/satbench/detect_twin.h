// cv::CascadeClassifier::detectMultiScale on the CPU (app/common/opencv_twins/cascade_twin.h): the
// `detect` suite's OpenCV contender, optional at build time (SATBENCH_HAVE_OBJDETECT). This
// header names no OpenCV type.
#pragma once

#include <functional>
#include <string>

#include "sat/detect.h"

namespace satbench {

struct DetectTwin {
  std::string method;        // "cv::CascadeClassifier"; empty when not built
  std::function<int()> run;  // one detectMultiScale on the frame; returns the boxes found
  std::string unavailable;   // why there is none
};

// On host gray frame `frame` (kept by reference: it must outlive the twin), with the cascade at
// `cascade_path` and `params`, on `threads` threads (cv::setNumThreads).
DetectTwin make_detect_twin(const std::string& cascade_path, sat::ConstImage8 frame, const sat::DetectParams& params,
                            int threads);

}  // namespace satbench
