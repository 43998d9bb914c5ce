// A camera through cv::VideoCapture, captured on a thread of its own that keeps only the newest
// frame: the frame loop never waits for the camera, and a slow consumer drops frames instead of
// building a queue. The camera is opened on that thread too, so opening never blocks the UI.
#pragma once

#include <atomic>
#include <mutex>
#include <string>
#include <thread>

#include "sources/frame_source.h"

namespace satlab {

class CameraSource final : public FrameSource {
 public:
  explicit CameraSource(int index);
  ~CameraSource() override;  // stops the capture thread and releases the camera
  CameraSource(const CameraSource&) = delete;
  CameraSource& operator=(const CameraSource&) = delete;

  std::string name() const override;
  // Throws SourceError when the camera did not open, stopped delivering (unplugged), or sent no
  // frame within kFirstFrameTimeout / kStallTimeout.
  bool poll(satapp::Frame& frame, cv::Mat& buffer, double now_s) override;
  double nominal_fps() const override;

  static constexpr double kFirstFrameTimeout = 10.0;  // seconds from construction
  static constexpr double kStallTimeout = 5.0;        // seconds between frames

 private:
  void capture_loop();

  const int index_;
  const double start_s_;
  std::atomic<bool> stop_{false};

  mutable std::mutex mutex_;  // guards everything below
  cv::Mat newest_;            // the newest frame, BGR; swapped with the consumer's buffer
  bool fresh_ = false;        // newest_ not yet handed out
  double last_frame_s_ = -1;  // steady-clock time of the newest frame
  std::string error_;         // non-empty once the camera failed for good
  double fps_ = 0;
  int width_ = 0, height_ = 0;

  std::thread thread_;  // last: starts after every member above is constructed
};

}  // namespace satlab
