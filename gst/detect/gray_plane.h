// The gray image the detector searches, taken from a mapped system-memory video frame.
// GRAY8, and the Y plane of I420 and NV12, are used where they lie (no copy); the 10-bit Y of
// P010_10LE and I420_10LE is searched as 8-bit Y10 >> 2 (the cascades are trained on 8-bit gray:
// the 8 high bits are the picture they know, the 2 low bits below any feature's threshold). Packed colour
// (BGR, BGRx, BGRA, RGB, RGBA) is converted with cv::cvtColor's 8-bit integer formula
// (gray_formula.h), the one sat::Detector and gst-opencv's facedetect use, so the boxes are the
// ones they find. On one thread: the elements search packed colour without it where they can
// (FrameDetector::detect_packed); it serves min-stddev, which needs the host's gray pixels.
#pragma once

#include <gst/video/video.h>

#include <cstdint>
#include <vector>

#include "sat/filter_params.h"

namespace sat_gst {

// Whether gray_plane() takes this format.
bool has_gray_plane(GstVideoFormat format);

// RGB and RGBA: red in the first byte of a pixel (BGR, BGRx, BGRA: blue).
bool is_red_first(GstVideoFormat format);

// `packed` (3 or 4 channels, red first or blue first) → `gray` (1 channel of its size), on the host.
void packed_to_gray(sat::ConstImage8 packed, bool red_first, sat::Image8 gray);

class GrayPlane {
 public:
  // The frame's gray image; valid until the next call or the frame is unmapped.
  sat::ConstImage8 of(const GstVideoFrame& frame);

 private:
  std::vector<uint8_t> converted_;  // packed colour frames, converted
};

// The population standard deviation of the image's pixels (cv::meanStdDev's).
double standard_deviation(sat::ConstImage8 gray);

}  // namespace sat_gst
