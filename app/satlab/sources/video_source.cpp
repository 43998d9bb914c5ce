#include "sources/video_source.h"

#include <filesystem>
#include <new>

#include "common/timing/stopwatch.h"

namespace satlab {

namespace {

// Opens `path` into `capture` and returns the container's frame rate (0 when unknown); throws
// SourceError when OpenCV cannot read it.
double open_video(const std::string& path, cv::VideoCapture& capture) {
  if (!capture.open(path)) throw SourceError("\"" + path + "\": not an image or video OpenCV can read");
  const double fps = capture.get(cv::CAP_PROP_FPS);
  return fps > 0 && fps < 1000 ? fps : 0;
}

// The next frame of `capture` as BGR into `bgr`; throws SourceError unless there is a first one.
bool read_bgr(cv::VideoCapture& capture, cv::Mat& decoded, cv::Mat& bgr, const std::string& path, bool first) {
  if (capture.read(decoded) && !decoded.empty()) {
    to_bgr8(decoded, bgr, path);
    return true;
  }
  if (first) throw SourceError("\"" + path + "\": no frame could be decoded (corrupt or unsupported video)");
  return false;
}

}  // namespace

VideoSource::VideoSource(std::string path, bool fast) : path_(std::move(path)), fast_(fast) {
  fps_ = open_video(path_, capture_);
  clock_ = PlaybackClock(fps_);
  read_bgr(capture_, decoded_, first_, path_, true);
  width_ = first_.cols;
  height_ = first_.rows;
}

MemoryVideo decode_video(const std::string& path, std::size_t cap_bytes) {
  const satapp::Stopwatch clock;
  cv::VideoCapture capture;
  MemoryVideo video;
  video.fps = open_video(path, capture);
  cv::Mat decoded, frame;
  read_bgr(capture, decoded, frame, path, true);
  const std::string what = "\"" + path + "\"";
  // The container's count is an estimate (0 when unknown): it refuses early, the count decoded decides.
  const auto estimate = static_cast<long long>(capture.get(cv::CAP_PROP_FRAME_COUNT));
  if (estimate > 0) check_fits_in_memory(what, estimate, frame.cols, frame.rows, cap_bytes);
  try {
    do {
      if (!video.frames.empty() && frame.size() != video.frames.front().size())
        throw SourceError(what + ": the frame size changes at frame " + std::to_string(video.frames.size()) +
                          ": a video in memory needs one size");
      check_fits_in_memory(what, static_cast<long long>(video.frames.size()) + 1, frame.cols, frame.rows, cap_bytes);
      video.frames.push_back(frame);
      frame = cv::Mat();  // the next frame in a buffer of its own
    } while (read_bgr(capture, decoded, frame, path, false));
  } catch (const std::bad_alloc&) {
    throw SourceError(what + ": out of memory after " + std::to_string(video.frames.size()) + " frames");
  } catch (const cv::Exception& e) {
    throw SourceError(what + ": " + e.msg);
  }
  video.load.frames = static_cast<long long>(video.frames.size());
  video.load.ms = clock.elapsed_ms();
  video.load.bytes = video.frames.size() * video.frames.front().total() * video.frames.front().elemSize();
  video.load.decoded = true;
  return video;
}

std::string VideoSource::name() const {
  const std::string file = std::filesystem::path(path_).filename().string();
  char fps[32];
  std::snprintf(fps, sizeof fps, "%.3g fps", clock_.fps());
  return "video " + file + " (" + std::to_string(width_) + "x" + std::to_string(height_) +
         ", " + fps + (fast_ ? ", as fast as possible" : "") + ")";
}

bool VideoSource::read_next(cv::Mat& frame) {
  if (read_bgr(capture_, decoded_, frame, path_, false)) return true;
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
  if (!fast_ && !clock_.due(now_s)) return false;
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
