// GStreamer's decoded frames to BGR with the conversion OpenCV's FFmpeg reader applies to its own
// (libswscale, SWS_BICUBIC, swscale's default BT.601 matrix, the range of the pixel format), so that
// --decoder gst and --decoder opencv give the same bytes where the two decoders give the same
// planes (every bit-exact codec: H.264, H.265, VP9, FFV1, raw...). OpenCV 4.6 sets no colour space
// on its converter: a BT.709 stream is converted with BT.601's matrix there, and here alike.
#pragma once

#include <memory>
#include <opencv2/core.hpp>
#include <string>

#include "common/gst/gst_reader.h"

namespace satfilter {

// The formats the conversion takes, as an appsink caps string (GStreamer's names); a decoder's
// other formats go through videoconvert first.
const std::string& gst_frame_caps();

class GstFrameToBgr {
 public:
  GstFrameToBgr();
  ~GstFrameToBgr();
  GstFrameToBgr(const GstFrameToBgr&) = delete;
  GstFrameToBgr& operator=(const GstFrameToBgr&) = delete;
  // `frame` → `bgr` (CV_8UC3 of the frame's size; its buffer is kept when it has that size).
  // Throws std::runtime_error for a format outside gst_frame_caps() or a failed conversion.
  void convert(const satapp::gst::RawFrame& frame, cv::Mat& bgr);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace satfilter
