#include "sources/source_controller.h"

#include <algorithm>

#include "common/frame/host_frame.h"
#include "sources/deep_frame.h"

namespace satlab {

namespace {
std::string size_text(cv::Size s) { return std::to_string(s.width) + "x" + std::to_string(s.height); }
}  // namespace

const cv::Mat& SourceController::host() const {
  if (!host_ready_) {
    host_ready_ = true;
    try {
      cv::Mat fresh;  // a buffer of its own: host_ may share the GPU pipeline's staging
      if (is_deep(frame_)) {
        deep_to_bgr8(frame_, fresh);  // the views that take 8 bits: the values' top 8 bits
        host_ = fresh;
      } else {
        host_ = satapp::host_bgr(frame_, fresh);
      }
    } catch (const std::exception& e) {
      log_.error(std::string("source: the frame cannot be read on the host: ") + e.what());
      host_.release();
    }
  }
  return host_;
}

SourceController::SourceController(MessageLog& log, SourceOpenOptions options)
    : log_(log), options_(options), spec_(SourceSpec::synthetic()) {}

void SourceController::open(const SourceSpec& requested) {
  SourceSpec spec = requested;
  quiet_camera_fallback_ = spec.kind == SourceSpec::Kind::Default;
  if (quiet_camera_fallback_) spec = SourceSpec::camera(0);
  failure_.clear();
  try {
    source_.reset();  // release a camera before opening it (or another) again
    replace(open_source(spec, options_), spec);
    if (spec.kind != SourceSpec::Kind::Camera)
      log_.info("source: " + source_->name());
    else
      log_.info("source: opening camera " + std::to_string(spec.camera_index) + " ...");
    if (const auto load = source_->load()) log_.info("source: " + describe(*load));
  } catch (const std::exception& e) {  // SourceError, cv::Exception, std::bad_alloc
    spec_ = spec;  // what failed: the default camera falls back quietly, a requested source does not
    fall_back(e.what());
  }
}

void SourceController::replace(std::unique_ptr<FrameSource> source, const SourceSpec& spec) {
  source_ = std::move(source);
  spec_ = spec;
  received_ = 0;
  ++generation_;
}

void SourceController::set_video_fast(bool fast) {
  options_.video_fast = fast;
  if (source_) source_->set_fast(fast);
}

std::string SourceController::name() const {
  if (!source_) return "none";
  std::string text = source_->name();
  if (!has_frame()) text += " - waiting for the first frame";
  return text;
}

bool SourceController::update(double now_s, const cv::Mat& destination) {
  if (paused_ && has_frame()) return false;
  const cv::Size before = frame_size();
  // A header: a frame made on the host is written into the destination's memory, or the last
  // host frame's; host_ itself changes only when a frame came (a poll without one leaves the last
  // frame standing).
  cv::Mat next = destination.empty() ? host_ : destination;
  satapp::Frame polled;
  try {
    if (!source_ || !source_->poll(polled, next, now_s)) return false;
  } catch (const std::exception& e) {
    fall_back(e.what());
    try {
      if (!source_ || !source_->poll(polled, next, now_s)) return false;
    } catch (const std::exception& e2) {  // the synthetic scene cannot fail, but never throw
      log_.error(std::string("source: ") + e2.what());
      source_.reset();
      return false;
    }
  }
  const cv::Size size(polled.view.width, polled.view.height);
  if (options_.max_frame_side > 0 && std::max(size.width, size.height) > options_.max_frame_side) {
    fall_back(source_->name() + ": frames of " + size_text(size) + " are larger than the display's textures take (" +
              std::to_string(options_.max_frame_side) + " pixels a side, GL_MAX_TEXTURE_SIZE)");
    return false;
  }
  frame_ = std::move(polled);
  // A host frame in `next` is already what host() gives; a frame in GPU memory is downloaded when
  // asked, and host_ keeps the last host frame's buffer until then.
  // A 16-bit frame is no BGR image: host() makes one when asked.
  host_ready_ = !frame_.on_device() && !is_deep(frame_) && frame_.view.plane[0] == next.data;
  if (host_ready_) host_ = next;
  ++received_;
  if (received_ == 1 || before != frame_size()) {
    if (before.width > 0 && before != frame_size())
      log_.info("source size changed from " + size_text(before) + " to " + size_text(frame_size()));
    else if (spec_.kind == SourceSpec::Kind::Camera)
      log_.info("source: " + source_->name());
  }
  return true;
}

void SourceController::fall_back(const std::string& why) {
  if (quiet_camera_fallback_ && spec_.kind != SourceSpec::Kind::Synthetic) {
    log_.info("no camera (" + why + "): showing the synthetic scene");
  } else {
    log_.warning(why + ": falling back to the synthetic scene");
    failure_ = why;
  }
  quiet_camera_fallback_ = false;
  // Keep the last frame's size when there was one, so the view does not jump.
  const cv::Size size = frame_size();
  const SourceSpec synthetic = size.empty()
                                   ? SourceSpec::synthetic()
                                   : SourceSpec::synthetic(std::min(size.width, 4096), std::min(size.height, 4096));
  source_.reset();
  if (frame_.on_device()) {  // its buffer is the source's that goes; the synthetic scene's frames are on the host
    frame_ = {};
    host_ready_ = false;
  }
  replace(open_source(synthetic, options_), synthetic);
}

}  // namespace satlab
