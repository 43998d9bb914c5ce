#include "capture/recorder.h"

#include <opencv2/videoio.hpp>

#include <stdexcept>

#include "display/gl_readback.h"
#include "record_format.h"

namespace satlab {

struct Recorder::Writer {
  cv::VideoWriter video;
};

namespace {

std::string size_text(int width, int height) { return std::to_string(width) + "x" + std::to_string(height); }

// What a video file holds, read as a source would: its frames (-1: it does not open) and their
// size, as decoded (the container's header could say what the writer meant, not what it wrote).
struct WrittenVideo {
  int frames = -1;
  cv::Size size;
};

WrittenVideo read_back(const std::string& path) {
  WrittenVideo written;
  cv::VideoCapture video(path);
  if (!video.isOpened()) return written;
  written.frames = 0;
  cv::Mat frame;
  for (; video.read(frame); ++written.frames)
    if (written.frames == 0) written.size = frame.size();
  return written;
}

}  // namespace

Recorder::Recorder() = default;
Recorder::~Recorder() { discard(); }

bool Recorder::recording() const { return writer_ && writer_->video.isOpened(); }

void Recorder::start(const std::string& path, bool overwrite, double fps, int width, int height) {
  discard();
  const RecordFormat* format = record_format(path);
  if (!format) throw std::runtime_error("cannot record to '" + path + "': satlab writes .avi (MJPG) or .mp4 (mp4v)");
  if (const std::string why = size_refusal(*format, width, height); !why.empty())
    throw SizeNotStored("cannot record " + size_text(width, height) + " to '" + path + "': " + why);
  const char* c = format->fourcc;
  const int fourcc = cv::VideoWriter::fourcc(c[0], c[1], c[2], c[3]);
  // OpenCV's own MJPG writer keeps any size; its FFmpeg writer drops an odd last column or row.
  const int api = format->writer == RecordFormat::Writer::OpenCvMjpeg ? cv::CAP_OPENCV_MJPEG : cv::CAP_FFMPEG;
  auto output = std::make_unique<satapp::files::AtomicOutput>(path, overwrite);
  auto writer = std::make_unique<Writer>();
  try {
    // The temporary keeps the extension, which picks the container.
    writer->video.open(output->temp_path(), api, fourcc, fps > 0 ? fps : 30.0, cv::Size(width, height), true);
  } catch (const cv::Exception& e) {
    throw std::runtime_error("cannot record to '" + path + "': " + e.what());
  }
  if (!writer->video.isOpened())
    throw std::runtime_error("cannot record to '" + path + "': no video writer for this file");
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
  const WrittenVideo written = read_back(output->temp_path());
  if (written.frames != frames_)
    throw std::runtime_error("recording '" + path_ + "' not saved: " +
                             (written.frames < 0 ? std::string("the file written does not open as a video")
                                                 : "the file written holds " + std::to_string(written.frames) +
                                                       " of the " + std::to_string(frames_) + " frames") +
                             " (disk full?)");
  if (written.size != cv::Size(width_, height_))
    throw std::runtime_error("recording '" + path_ + "' not saved: the encoder wrote " +
                             size_text(written.size.width, written.size.height) + " frames of the " +
                             size_text(width_, height_) + " output");
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
  read_texture_bgr(texture, width, height, gray_, bgr_);
  for (int i = 0; i < copies; ++i) writer_->video.write(bgr_);
  frames_ += copies;
  return true;
}

}  // namespace satlab
