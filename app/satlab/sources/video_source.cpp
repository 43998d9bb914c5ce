#include "sources/video_source.h"

#include <filesystem>

namespace satlab {

VideoSource::VideoSource(std::string path, bool fast) : path_(std::move(path)), fast_(fast) {
  if (!capture_.open(path_))
    throw SourceError("\"" + path_ + "\": not an image or video OpenCV can read");
  fps_ = capture_.get(cv::CAP_PROP_FPS);
  if (!(fps_ > 0 && fps_ < 1000)) fps_ = 0;
  if (!capture_.read(decoded_) || decoded_.empty())
    throw SourceError("\"" + path_ + "\": no frame could be decoded (corrupt or unsupported video)");
  to_bgr8(decoded_, first_, path_);
  width_ = first_.cols;
  height_ = first_.rows;
}

std::string VideoSource::name() const {
  const std::string file = std::filesystem::path(path_).filename().string();
  char fps[32];
  std::snprintf(fps, sizeof fps, "%.3g fps", fps_ > 0 ? fps_ : 30.0);
  return "video " + file + " (" + std::to_string(width_) + "x" + std::to_string(height_) +
         ", " + fps + (fast_ ? ", as fast as possible" : "") + ")";
}

bool VideoSource::read_next(cv::Mat& frame) {
  if (capture_.read(decoded_) && !decoded_.empty()) {
    to_bgr8(decoded_, frame, path_);
    return true;
  }
  // End of the file (or a broken tail): start over. Some backends cannot seek, so reopen.
  ++loops_;
  capture_.set(cv::CAP_PROP_POS_FRAMES, 0);
  if (!(capture_.read(decoded_) && !decoded_.empty())) {
    capture_.release();
    if (!capture_.open(path_) || !capture_.read(decoded_) || decoded_.empty()) return false;
  }
  to_bgr8(decoded_, frame, path_);
  return true;
}

bool VideoSource::poll(cv::Mat& frame, double now_s) {
  if (!fast_) {
    const double period = 1.0 / (fps_ > 0 ? fps_ : 30.0);
    // Re-synchronise after a pause or a stall instead of racing to catch up.
    if (next_due_ < 0 || now_s - next_due_ > 0.5) next_due_ = now_s;
    if (now_s < next_due_) return false;
    next_due_ += period;
  }
  if (!first_.empty()) {
    cv::swap(frame, first_);
    first_.release();
    return true;
  }
  if (!read_next(frame))
    throw SourceError("\"" + path_ + "\": no frame could be decoded after rewinding (corrupt file?)");
  return true;
}

}  // namespace satlab
