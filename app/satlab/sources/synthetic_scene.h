// The built-in animated scene, needing no file: a printed page (text lines, a checkerboard, colour
// ramps) under a light that wanders across it, with coloured shapes moving over the page. Uneven
// light makes the adaptive thresholds worth watching; fine text and the checkerboard show the box
// blur. Frame k depends on k and the size only (deterministic), so tests and the generated sample
// media (tools/make_sample_media.cpp) can rely on it.
#pragma once

#include <opencv2/core.hpp>

namespace satlab {

class SyntheticScene {
 public:
  SyntheticScene(int width, int height);  // throws cv::Exception for sizes < 1
  // Writes frame `index` into `bgr` (CV_8UC3, width×height; reallocated only on a size change).
  void render(long long index, cv::Mat& bgr);
  int width() const { return page_.cols; }
  int height() const { return page_.rows; }

 private:
  cv::Mat page_;   // the static page, BGR
  cv::Mat light_;  // illumination (BGR, 0..255) twice the page size; a window of it lights a frame
  cv::Mat lit_;    // the page with this frame's shapes, before lighting (the page between frames)
};

}  // namespace satlab
