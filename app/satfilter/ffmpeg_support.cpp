#include "ffmpeg_support.h"

extern "C" {
#include <libavutil/error.h>
#include <libavutil/frame.h>
#include <libavutil/log.h>
}

#include <cstdlib>
#include <mutex>
#include <stdexcept>

namespace satfilter {

void apply_ffmpeg_log_level() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (const char* level = std::getenv("OPENCV_FFMPEG_LOGLEVEL")) av_log_set_level(std::atoi(level));
  });
}

std::string ffmpeg_error_text(int code) {
  char text[AV_ERROR_MAX_STRING_SIZE] = {};
  if (av_strerror(code, text, sizeof text) < 0) return "error " + std::to_string(code);
  return text;
}

void AvFrameDeleter::operator()(AVFrame* frame) const { av_frame_free(&frame); }

AvFramePtr make_av_frame(int format, int width, int height) {
  AvFramePtr frame(av_frame_alloc());
  if (!frame) throw std::runtime_error("out of memory for a frame");
  frame->format = format;
  frame->width = width;
  frame->height = height;
  if (const int code = av_frame_get_buffer(frame.get(), 0); code < 0)
    throw std::runtime_error("cannot allocate a " + std::to_string(width) + "x" + std::to_string(height) +
                             " frame: " + ffmpeg_error_text(code));
  return frame;
}

}  // namespace satfilter
