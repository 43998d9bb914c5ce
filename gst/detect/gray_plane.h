// The gray image the detector searches, taken from a mapped system-memory video frame.
// GRAY8, and the Y plane of I420 and NV12, are used where they lie (no copy). Packed colour
// (BGR, BGRx, BGRA, RGB, RGBA) is converted with cv::cvtColor's 8-bit integer formula
// (B·3735 + G·19235 + R·9798 + 16384) >> 15, the one sat::Detector and gst-opencv's facedetect
// use, so the boxes are the ones they find.
#pragma once

#include <gst/video/video.h>

#include <cstdint>
#include <vector>

#include "sat/filter_params.h"

namespace sat_gst {

// Whether gray_plane() takes this format.
bool has_gray_plane(GstVideoFormat format);

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
