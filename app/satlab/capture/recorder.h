// Records the displayed output (the filter's output texture, at the image's own resolution) to a
// video file with cv::VideoWriter: .avi → MJPG (always available in OpenCV), .mp4 → mp4v, other
// extensions → MJPG. Buffers are reused: nothing is allocated per frame. Builds without
// SATLAB_MEDIA_IO cannot record: start() says so.
#pragma once

#include <GL/glew.h>
#include <opencv2/core.hpp>

#include <memory>
#include <string>

namespace satlab {

class Recorder {
 public:
  Recorder();
  ~Recorder();
  Recorder(const Recorder&) = delete;
  Recorder& operator=(const Recorder&) = delete;

  bool recording() const;
  const std::string& path() const { return path_; }
  int frames() const { return frames_; }
  double fps() const { return fps_; }  // the rate the file is tagged with

  // Throws std::runtime_error when no writer opens for `path`.
  void start(const std::string& path, double fps, int width, int height);
  void stop();  // finishes the file
  // Appends the texture's current contents `copies` times (capture/record_pacer.h). Returns false
  // (and stops) when the size changed: one file holds one size.
  bool add_frame(GLuint texture, int width, int height, int copies = 1);

 private:
  struct Writer;  // cv::VideoWriter, where videoio is built in
  std::unique_ptr<Writer> writer_;
  std::string path_;
  int width_ = 0, height_ = 0, frames_ = 0;
  double fps_ = 0;
  cv::Mat rgba_, bgr_;
};

}  // namespace satlab
