// Owns the source being shown and its newest frame. Turns every fault (camera missing or
// unplugged, unreadable file, decoder failure) into a message and falls back to the synthetic
// scene, so the frame loop always has something to show and never sees an exception from here.
#pragma once

#include <memory>
#include <string>

#include "log/message_log.h"
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
  // becomes a message and a switch to the synthetic scene. Never throws. `destination`, when not
  // empty, is where the source should write a frame it makes on the host (the GPU pipeline's
  // page-locked staging, so that the frame needs no copy); a source writes into it when it has the
  // frame's size and type, and frame() then shares its memory. Without it the source reuses the
  // last host frame's buffer.
  bool update(double now_s, const cv::Mat& destination = cv::Mat());

  // The newest frame where it lies: on the host (8-bit BGR), or in GPU memory (a GStreamer
  // decoder's CUDA memory); empty until the first frame arrived. What the pipelines take.
  const satapp::Frame& frame() const { return frame_; }
  // The newest frame on the host, BGR; empty until the first frame arrived. A frame in GPU memory
  // is downloaded on the first call (for the views that need it on the host: the pixel inspector,
  // dumps, detection), a 16-bit frame given as its values' top 8 bits (deep_frame.h:
  // deep_to_bgr8); the frame loop asks has_frame() and frame_size() instead, which never download.
  const cv::Mat& host() const;
  bool has_frame() const { return !frame_.empty(); }
  cv::Size frame_size() const { return {frame_.view.width, frame_.view.height}; }
  // The source ended (a GStreamer pipeline's end of stream): the run ends with it.
  bool ended() const { return source_ && source_->ended(); }
  const SourceSpec& spec() const { return spec_; }  // what is open (never Kind::Default)
  std::string name() const;
  double nominal_fps() const { return source_ ? source_->nominal_fps() : 0; }
  // What loading the source cost at open (a video in memory); nullopt for the others.
  std::optional<SourceLoad> load() const { return source_ ? source_->load() : std::nullopt; }
  long long frames_received() const { return received_; }  // from the source now open
  // Changes whenever another source takes over (an open, a fallback): what shows the source
  // (the source panel's fields, the timings) starts over when it changes.
  long long generation() const { return generation_; }
  // Why the source asked for last could not be shown (it was replaced by the synthetic scene);
  // empty when it runs, and for the default source (no camera is normal there).
  const std::string& failure() const { return failure_; }

  bool paused() const { return paused_; }
  void set_paused(bool paused) { paused_ = paused; }
  bool video_fast() const { return options_.video_fast; }
  void set_video_fast(bool fast);
  // Whether video files opened from now on are decoded into memory first (--preload).
  bool preload() const { return options_.preload; }
  void set_preload(bool preload) { options_.preload = preload; }

 private:
  void fall_back(const std::string& why);
  void replace(std::unique_ptr<FrameSource> source, const SourceSpec& spec);

  MessageLog& log_;
  SourceOpenOptions options_;
  SourceSpec spec_;
  bool quiet_camera_fallback_ = false;  // Kind::Default: no camera is normal, not a warning
  std::unique_ptr<FrameSource> source_;
  satapp::Frame frame_;  // the newest frame, where it lies
  // host(): the host frame's buffer (where the next one is written), or a frame in GPU memory
  // downloaded once asked (host_ready_).
  mutable cv::Mat host_;
  mutable bool host_ready_ = false;
  bool paused_ = false;
  long long received_ = 0;
  long long generation_ = 0;
  std::string failure_;
};

}  // namespace satlab
