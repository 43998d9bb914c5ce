// What satfilter's own calls into FFmpeg's libraries share (gst_frame_bgr, ffmpeg_video_writer).
#pragma once

#include <memory>
#include <string>

struct AVFrame;

namespace satfilter {

// FFmpeg's log at the level OpenCV gives it (OPENCV_FFMPEG_LOGLEVEL, which main() sets to quiet
// unless the user set it), for the calls that do not go through OpenCV.
void apply_ffmpeg_log_level();
// av_strerror's text for an AVERROR code.
std::string ffmpeg_error_text(int code);

struct AvFrameDeleter {
  void operator()(AVFrame* frame) const;
};
using AvFramePtr = std::unique_ptr<AVFrame, AvFrameDeleter>;
// A frame of pixel format `format` (an AVPixelFormat) and that size in FFmpeg's buffers, aligned and
// padded as swscale's SIMD code expects (it reads and writes past the end of a row). Throws
// std::runtime_error.
AvFramePtr make_av_frame(int format, int width, int height);

}  // namespace satfilter
