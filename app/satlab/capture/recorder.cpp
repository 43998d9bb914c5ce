#include "capture/recorder.h"

#include <opencv2/videoio.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <stdexcept>

#include "capture/gl_readback.h"

namespace satlab {

struct Recorder::Writer {
  cv::VideoWriter video;
};

Recorder::Recorder() = default;
Recorder::~Recorder() { stop(); }

bool Recorder::recording() const { return writer_ && writer_->video.isOpened(); }

void Recorder::start(const std::string& path, double fps, int width, int height) {
  stop();
  std::string ext = std::filesystem::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  const int fourcc = ext == ".mp4" ? cv::VideoWriter::fourcc('m', 'p', '4', 'v') : cv::VideoWriter::fourcc('M', 'J', 'P', 'G');
  auto writer = std::make_unique<Writer>();
  try {
    writer->video.open(path, fourcc, fps > 0 ? fps : 30.0, cv::Size(width, height), true);
  } catch (const cv::Exception& e) {
    throw std::runtime_error("recording " + path + ": " + e.what());
  }
  if (!writer->video.isOpened()) throw std::runtime_error("recording " + path + ": no video writer for this file");
  writer_ = std::move(writer);
  path_ = path;
  width_ = width;
  height_ = height;
  frames_ = 0;
  fps_ = fps > 0 ? fps : 30.0;
}

void Recorder::stop() {
  if (writer_) writer_->video.release();
  writer_.reset();
}

bool Recorder::add_frame(GLuint texture, int width, int height, int copies) {
  if (!recording()) return false;
  if (width != width_ || height != height_) {
    stop();
    return false;
  }
  read_texture_bgr(texture, width, height, rgba_, bgr_);
  for (int i = 0; i < copies; ++i) writer_->video.write(bgr_);
  frames_ += copies;
  return true;
}

}  // namespace satlab
