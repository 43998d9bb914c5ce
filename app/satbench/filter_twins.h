// OpenCV's twin of a satcore filter on the CPU, where OpenCV has one: the `filters` suite's third
// contender, from app/common/opencv_twins (which op each filter's twin is, and how it relates).
// Optional at build time like the cv::integral peer (SATBENCH_HAVE_OPENCV); ximgproc's twins with
// SATBENCH_WITH_OPENCV_TWINS. This header names no OpenCV type.
#pragma once

#include <functional>
#include <string>

#include "sat/filter_image.h"
#include "sat/filter_spec.h"

namespace satbench {

struct FilterTwin {
  std::string method;         // e.g. "cv::blur"; empty when there is no twin
  std::function<void()> run;  // one call on the image given to make_filter_twin (its output kept inside)
  std::string unavailable;    // why there is none
  // The twin's output, when it is the filter's exact twin (same pixels as satcore's): for the
  // check; null otherwise (a twin in OpenCV's own arithmetic differs by design).
  std::function<const unsigned char*(std::size_t& pitch)> output;
  // There is none because this build lacks OpenCV or the module with the twin (not because
  // OpenCV has no such filter): the record reads "not built", with `unavailable` as its note.
  bool not_built = false;
};

// The twin of `spec` on host image `src` (1, 3 or 4 channels; a variable blur's radius map is the
// spec's own, host memory), running on `threads` threads (cv::setNumThreads). A nearest op (no
// twin, only comparable work) is not a contender here. 16-bit images: cv::blur on CV_16U is the
// box's exact twin; the other twins are written for 8 bits, so none is given.
FilterTwin make_filter_twin(const sat::FilterSpec& spec, sat::ConstImageView src, int threads);

// One line for the header: "OpenCV 4.6.0 (imgproc, ximgproc), 16 threads" or "OpenCV: not built".
std::string filter_twins_description(int threads);

}  // namespace satbench
