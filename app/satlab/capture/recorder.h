// Records the displayed output (the filter's output texture, at the image's own resolution) to a
// video file with cv::VideoWriter: .avi → MJPG (always available in OpenCV), .mp4 → mp4v. The
// video is written to a temporary in the destination's folder and appears under its name only
// when finish() has read it back and found every frame in it: cv::VideoWriter reports no failed
// write (a full disk gave a 0-byte file "saved"). Buffers are reused: nothing is allocated per
// frame. Builds without SATLAB_MEDIA_IO cannot record: start() says so.
#pragma once

#include <GL/glew.h>
#include <opencv2/core.hpp>

#include <memory>
#include <string>

#include "common/files/atomic_output.h"

namespace satlab {

class Recorder {
 public:
  Recorder();
  ~Recorder();  // discards an unfinished recording
  Recorder(const Recorder&) = delete;
  Recorder& operator=(const Recorder&) = delete;

  bool recording() const;
  const std::string& path() const { return path_; }
  int frames() const { return frames_; }
  double fps() const { return fps_; }  // the rate the file is tagged with

  // `overwrite` (-y): finish() may replace an existing file. Throws std::runtime_error naming
  // `path` and the reason when no writer opens for it.
  void start(const std::string& path, bool overwrite, double fps, int width, int height);
  // Closes the file, reads it back, and renames it into place when it holds every frame written.
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
  cv::Mat rgba_, bgr_;
};

}  // namespace satlab
