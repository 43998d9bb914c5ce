#include "capture/recorder.h"

#include <opencv2/videoio.hpp>

#include <stdexcept>

#include "capture/gl_readback.h"

namespace satlab {

struct Recorder::Writer {
  cv::VideoWriter video;
};

namespace {

// The frames a video file holds, counted by reading it as a source would.
int count_frames(const std::string& path) {
  cv::VideoCapture video(path);
  if (!video.isOpened()) return -1;
  int frames = 0;
  while (video.grab()) ++frames;
  return frames;
}

}  // namespace

Recorder::Recorder() = default;
Recorder::~Recorder() { discard(); }

bool Recorder::recording() const { return writer_ && writer_->video.isOpened(); }

void Recorder::start(const std::string& path, bool overwrite, double fps, int width, int height) {
  discard();
  const std::string ext = satapp::files::lower_extension(path);
  if (ext != "avi" && ext != "mp4")
    throw std::runtime_error("cannot record to '" + path + "': satlab writes .avi (MJPG) or .mp4 (mp4v)");
  const int fourcc = ext == "mp4" ? cv::VideoWriter::fourcc('m', 'p', '4', 'v') : cv::VideoWriter::fourcc('M', 'J', 'P', 'G');
  auto output = std::make_unique<satapp::files::AtomicOutput>(path, overwrite);
  auto writer = std::make_unique<Writer>();
  try {
    // The temporary keeps the extension, which picks the container.
    writer->video.open(output->temp_path(), fourcc, fps > 0 ? fps : 30.0, cv::Size(width, height), true);
  } catch (const cv::Exception& e) {
    throw std::runtime_error("cannot record to '" + path + "': " + e.what());
  }
  if (!writer->video.isOpened()) throw std::runtime_error("cannot record to '" + path + "': no video writer for this file");
  writer_ = std::move(writer);
  output_ = std::move(output);
  path_ = path;
  width_ = width;
  height_ = height;
  frames_ = 0;
  fps_ = fps > 0 ? fps : 30.0;
}

void Recorder::finish() {
  if (!writer_ || !output_) throw std::runtime_error("recording '" + path_ + "' not saved: it was not recording");
  writer_->video.release();
  writer_.reset();
  const auto output = std::move(output_);  // removes the temporary unless committed below
  if (frames_ == 0) throw std::runtime_error("recording '" + path_ + "' not saved: no frame was recorded");
  output->sync();  // what the encoder's writes could not report: a disk full only at fsync()
  const int found = count_frames(output->temp_path());
  if (found != frames_)
    throw std::runtime_error("recording '" + path_ + "' not saved: " +
                             (found < 0 ? std::string("the file written does not open as a video")
                                        : "the file written holds " + std::to_string(found) + " of the " +
                                              std::to_string(frames_) + " frames") +
                             " (disk full?)");
  output->commit();
}

void Recorder::discard() {
  if (writer_) writer_->video.release();
  writer_.reset();
  output_.reset();
}

bool Recorder::add_frame(GLuint texture, int width, int height, int copies) {
  if (!recording()) return false;
  if (width != width_ || height != height_) return false;
  read_texture_bgr(texture, width, height, rgba_, bgr_);
  for (int i = 0; i < copies; ++i) writer_->video.write(bgr_);
  frames_ += copies;
  return true;
}

}  // namespace satlab
