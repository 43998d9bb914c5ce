// Videos of odd width or height. OpenCV's FFmpeg writer cannot store them: it drops the last column
// and row ("width &= -2" in its cap_ffmpeg_impl.hpp: 33x17 frames are written 32x16, and 1x1 or
// 9x1 ones not at all), and its own MJPEG writer garbles them. So satfilter writes them through
// FFmpeg's libraries itself, with OpenCV's settings (pixel format, bit rate, GOP), in the codecs
// that store any size: FFV1 (lossless BGR), MJPG (4:2:0 JPEG, chroma of ceil(w/2) x ceil(h/2)),
// VP9 and MPEG-4 Part 2. H.264 as OpenCV writes it (4:2:0 through libx264) needs even sides.
#pragma once

#include <memory>
#include <opencv2/core.hpp>
#include <string>

namespace satfilter {

// Whether FfmpegVideoWriter stores frames of any size in the codec of `fourcc` (FFV1, MJPG, VP90,
// mp4v / XVID / DIVX / FMP4).
bool writes_any_size(const std::string& fourcc);

class FfmpegVideoWriter {
 public:
  // Opens the encoder of `fourcc` (writes_any_size) and the container of `path`'s extension at
  // `size` and `fps`, and writes the container's header. Returns null when this FFmpeg has no
  // encoder for the codec; throws std::runtime_error naming `destination` for another failure.
  static std::unique_ptr<FfmpegVideoWriter> open(const std::string& path, const std::string& destination,
                                                 const std::string& fourcc, cv::Size size, double fps);
  ~FfmpegVideoWriter();
  FfmpegVideoWriter(const FfmpegVideoWriter&) = delete;
  FfmpegVideoWriter& operator=(const FfmpegVideoWriter&) = delete;

  // Encodes one BGR frame of the size given at opening. Throws std::runtime_error (an encoder or a
  // write error, e.g. a full disk).
  void write(const cv::Mat& bgr);
  // Drains the encoder, writes the trailer and closes the file, each step checked. Throws
  // std::runtime_error.
  void finish();

 private:
  struct State;
  explicit FfmpegVideoWriter(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

}  // namespace satfilter
