#include "sources/video_source.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <new>

#include "common/progress/status_line.h"
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

// The next frame into `frame`: where the decoder gives 8-bit BGR of frame's size, OpenCV writes
// it straight into frame's memory (an arena slot); otherwise through `decoded` and to_bgr8.
// A size change leaves `frame` at the new size, for the caller to refuse.
bool read_into(cv::VideoCapture& capture, cv::Mat& decoded, cv::Mat& frame, const std::string& path) {
  if (!frame.empty()) {
    cv::Mat slot = frame;  // capture.read reallocates a header whose size or type differs
    if (!capture.read(slot) || slot.empty()) return false;
    if (slot.data == frame.data) return true;
    decoded = slot;
  } else if (!capture.read(decoded) || decoded.empty()) {
    return false;
  }
  if (!frame.empty() && decoded.type() == CV_8UC3 && decoded.size() == frame.size()) {
    decoded.copyTo(frame);
    return true;
  }
  frame = cv::Mat();  // a buffer of its own, never an arena slot of another size
  to_bgr8(decoded, frame, path);
  return true;
}

}  // namespace

VideoSource::VideoSource(std::string path, bool fast) : path_(std::move(path)), fast_(fast) {
  fps_ = open_video(path_, capture_);
  clock_ = PlaybackClock(fps_);
  read_bgr(capture_, decoded_, first_, path_, true);
  width_ = first_.cols;
  height_ = first_.rows;
}

namespace {

// "decoding clip.mp4 into memory: 120 of 270 frames (44%), 1.2 s left" on stderr, at most twice a
// second (a terminal redraws it in place; a log gets a line each time).
class DecodeProgress {
 public:
  DecodeProgress(std::string file, long long estimate)
      : file_(std::move(file)), estimate_(estimate), line_(isatty(STDERR_FILENO) != 0) {}
  void frame_done(long long done) {
    const double now = clock_.elapsed_ms() / 1000.0;
    if (now - last_s_ < 0.5) return;
    last_s_ = now;
    std::string text = "satlab: decoding " + file_ + " into memory: " + std::to_string(done);
    if (estimate_ >= done) {
      char tail[96];
      std::snprintf(tail, sizeof tail, " of %lld frames (%.0f%%), %.1f s left", estimate_, 100.0 * done / estimate_,
                    satapp::seconds_left(now, double(done), double(estimate_)));
      text += tail;
    } else {
      text += " frames";
    }
    line_.draw(text);
  }
  void finish(long long frames) {
    char text[64];
    std::snprintf(text, sizeof text, "%lld frames in %.2f s", frames, clock_.elapsed_ms() / 1000.0);
    line_.finish("satlab: decoded " + file_ + " into memory: " + text);
  }

 private:
  std::string file_;
  long long estimate_;
  satapp::StatusLine line_;
  satapp::Stopwatch clock_;
  double last_s_ = 0;
};

}  // namespace

MemoryVideo decode_video(const std::string& path, std::size_t cap_bytes) {
  const satapp::Stopwatch clock;
  cv::VideoCapture capture;
  MemoryVideo video;
  video.fps = open_video(path, capture);
  cv::Mat decoded, first;
  read_bgr(capture, decoded, first, path, true);
  const std::string what = "\"" + path + "\"";
  // The container's count is an estimate (0 when unknown): it refuses early, the count decoded decides.
  const auto estimate = static_cast<long long>(capture.get(cv::CAP_PROP_FRAME_COUNT));
  if (estimate > 0) check_fits_in_memory(what, estimate, first.cols, first.rows, cap_bytes);
  DecodeProgress progress(std::filesystem::path(path).filename().string(), estimate);
  try {
    // The estimated frames in one block, decoded straight into it; any beyond it (an estimate
    // short of the truth) in buffers of their own.
    video.arena = std::make_shared<FrameArena>(std::max<long long>(estimate, 1), first.cols, first.rows);
    cv::Mat frame = video.arena->frame(0);
    first.copyTo(frame);
    first.release();
    do {
      if (frame.size() != video.arena->frame(0).size() || frame.type() != CV_8UC3)
        throw SourceError(what + ": the frame size changes at frame " + std::to_string(video.frames.size()) +
                          ": a video in memory needs one size");
      check_fits_in_memory(what, static_cast<long long>(video.frames.size()) + 1, frame.cols, frame.rows, cap_bytes);
      video.frames.push_back(frame);
      progress.frame_done(static_cast<long long>(video.frames.size()));
      const auto next = static_cast<long long>(video.frames.size());
      frame = next < video.arena->capacity() ? video.arena->frame(next) : cv::Mat();
    } while (read_into(capture, decoded, frame, path));
  } catch (const std::bad_alloc&) {
    throw SourceError(what + ": out of memory after " + std::to_string(video.frames.size()) + " frames");
  } catch (const cv::Exception& e) {
    throw SourceError(what + ": " + e.msg);
  }
  progress.finish(static_cast<long long>(video.frames.size()));
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
  return "video " + file + " (" + std::to_string(width_) + "x" + std::to_string(height_) + ", " + fps +
         (fast_ ? ", as fast as possible" : "") + ")";
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

bool VideoSource::poll(satapp::Frame& frame, cv::Mat& buffer, double now_s) {
  if (!fast_ && !clock_.due(now_s)) return false;
  if (!first_.empty()) {
    cv::swap(buffer, first_);
    first_.release();
  } else if (!read_next(buffer)) {
    throw SourceError("\"" + path_ + "\": no frame could be decoded after rewinding (corrupt file?)");
  }
  frame = satapp::host_frame(buffer);
  return true;
}

}  // namespace satlab
