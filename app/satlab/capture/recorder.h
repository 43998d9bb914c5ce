// Records the displayed output (the filter's output texture, at the image's own resolution) to a
// video file with cv::VideoWriter in the formats of record_format.h: .avi → MJPG
// (OpenCV's own writer, any size), .mp4 → mp4v (even sizes). The video is written to a temporary
// in the destination's folder and appears under its name only when finish() has read it back and
// found every frame in it, at the size recorded: cv::VideoWriter reports no failed write (a full
// disk gave a 0-byte file "saved") and no change of size. Buffers are reused: nothing is
// allocated per frame. Builds without SATLAB_MEDIA_IO cannot record: start() says so.
#pragma once

#include <GL/glew.h>
#include <opencv2/core.hpp>

#include <memory>
#include <stdexcept>
#include <string>

#include "common/files/atomic_output.h"

namespace satlab {

// The format asked for cannot store the output's size exactly (record_format.h: size_refusal):
// refused before the first frame, as a bad command line.
class SizeNotStored : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Recorder {
 public:
  Recorder();
  ~Recorder();  // discards an unfinished recording
  Recorder(const Recorder&) = delete;
  Recorder& operator=(const Recorder&) = delete;

  bool recording() const;
  const std::string& path() const { return path_; }
  int frames() const { return frames_; }
  int width() const { return width_; }
  int height() const { return height_; }
  double fps() const { return fps_; }  // the rate the file is tagged with

  // `overwrite` (-y): finish() may replace an existing file. Throws SizeNotStored when the
  // format cannot store width×height, std::runtime_error naming `path` and the reason when no
  // writer opens for it.
  void start(const std::string& path, bool overwrite, double fps, int width, int height);
  // Closes the file, reads it back, and renames it into place when it holds every frame written
  // at the size recorded.
  // Throws std::runtime_error naming the file and the reason otherwise (nothing is then left).
  void finish();
  void discard();  // stops and removes the temporary file
  // Appends the texture's current contents `copies` times (capture/record_pacer.h). Returns false
  // when the size changed (one file holds one size): the caller then finishes the file.
  bool add_frame(GLuint texture, int width, int height, int copies = 1);

 private:
  struct Writer;  // cv::VideoWriter, where videoio is built in
  std::unique_ptr<Writer> writer_;
  std::unique_ptr<satapp::files::AtomicOutput> output_;
  std::string path_;
  int width_ = 0, height_ = 0, frames_ = 0;
  double fps_ = 0;
  cv::Mat gray_, bgr_;  // the readback (gray_: of a gray texture)
};

}  // namespace satlab
