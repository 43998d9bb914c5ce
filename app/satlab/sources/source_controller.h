// Owns the source being shown and its newest frame. Turns every fault (camera missing or
// unplugged, unreadable file, decoder failure) into a message and falls back to the synthetic
// scene, so the frame loop always has something to show and never sees an exception from here.
#pragma once

#include <memory>
#include <string>

#include "message_log.h"
#include "sources/frame_source.h"
#include "sources/source_spec.h"

namespace satlab {

class SourceController {
 public:
  SourceController(MessageLog& log, SourceOpenOptions options);

  // Switches to `spec`. Kind::Default tries camera 0 and settles for the synthetic scene. On
  // failure: a message and the synthetic scene. Never throws.
  void open(const SourceSpec& spec);

  // Polls the source (unless paused). Returns true when frame() holds a new frame. A fault
  // becomes a message and a switch to the synthetic scene. Never throws.
  bool update(double now_s);

  const cv::Mat& frame() const { return frame_; }  // BGR; empty until the first frame arrived
  const SourceSpec& spec() const { return spec_; }  // what is open (never Kind::Default)
  std::string name() const;
  double nominal_fps() const { return source_ ? source_->nominal_fps() : 0; }
  long long frames_received() const { return received_; }

  bool paused() const { return paused_; }
  void set_paused(bool paused) { paused_ = paused; }
  bool video_fast() const { return options_.video_fast; }
  void set_video_fast(bool fast);

 private:
  void fall_back(const std::string& why);

  MessageLog& log_;
  SourceOpenOptions options_;
  SourceSpec spec_;
  bool quiet_camera_fallback_ = false;  // Kind::Default: no camera is normal, not a warning
  std::unique_ptr<FrameSource> source_;
  cv::Mat frame_;
  bool paused_ = false;
  long long received_ = 0;
};

}  // namespace satlab
