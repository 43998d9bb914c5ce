#include "sources/camera_source.h"

#include <opencv2/videoio.hpp>

#include <chrono>

namespace satlab {

namespace {
double steady_s() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }
}  // namespace

CameraSource::CameraSource(int index) : index_(index), start_s_(steady_s()), thread_([this] { capture_loop(); }) {}

CameraSource::~CameraSource() {
  stop_ = true;
  if (thread_.joinable()) thread_.join();
}

std::string CameraSource::name() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::string text = "camera " + std::to_string(index_);
  if (width_ > 0) text += " (" + std::to_string(width_) + "x" + std::to_string(height_) + ")";
  return text;
}

double CameraSource::nominal_fps() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return fps_;
}

bool CameraSource::poll(satapp::Frame& frame, cv::Mat& buffer, double /*now_s*/) {
  // Timeouts use the steady clock, as the capture thread does.
  const double now = steady_s();
  std::lock_guard<std::mutex> lock(mutex_);
  if (!error_.empty()) throw SourceError(error_);
  if (last_frame_s_ < 0 && now - start_s_ > kFirstFrameTimeout)
    throw SourceError("camera " + std::to_string(index_) + " sent no frame within " +
                      std::to_string(static_cast<int>(kFirstFrameTimeout)) + " s");
  if (last_frame_s_ >= 0 && now - last_frame_s_ > kStallTimeout)
    throw SourceError("camera " + std::to_string(index_) + " stopped delivering frames (unplugged?)");
  if (!fresh_) return false;
  cv::swap(buffer, newest_);  // the capture thread reuses the consumer's old buffer
  fresh_ = false;
  frame = satapp::host_frame(buffer);
  return true;
}

void CameraSource::capture_loop() {
  const std::string what = "camera " + std::to_string(index_);
  try {
    cv::VideoCapture capture;
    if (!capture.open(index_)) {
      std::lock_guard<std::mutex> lock(mutex_);
      error_ = what + " could not be opened (missing, busy or not permitted)";
      return;
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      fps_ = capture.get(cv::CAP_PROP_FPS);
    }
    cv::Mat grabbed;
    int failures = 0;
    while (!stop_) {
      if (!capture.read(grabbed) || grabbed.empty()) {
        if (++failures >= 50) {
          std::lock_guard<std::mutex> lock(mutex_);
          error_ = what + " stopped delivering frames (unplugged?)";
          return;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        continue;
      }
      failures = 0;
      std::lock_guard<std::mutex> lock(mutex_);
      to_bgr8(grabbed, newest_, what);  // reuses newest_'s buffer when the size matches
      fresh_ = true;
      last_frame_s_ = steady_s();
      width_ = newest_.cols;
      height_ = newest_.rows;
    }
  } catch (const std::exception& e) {  // cv::Exception, SourceError: report through poll()
    std::lock_guard<std::mutex> lock(mutex_);
    error_ = what + ": " + e.what();
  }
}

}  // namespace satlab
