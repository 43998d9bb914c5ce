#include "sources/source_controller.h"

#include <algorithm>

#include "common/frame/frame_to_bgr.h"

namespace satlab {

namespace {
std::string size_text(cv::Size s) { return std::to_string(s.width) + "x" + std::to_string(s.height); }
}  // namespace

const cv::Mat& SourceController::frame() const {
  if (device_.owner && !frame_downloaded_) {
    frame_downloaded_ = true;
    try {
      cv::Mat host;  // a buffer of its own: frame_ may share the GPU pipeline's staging
      satapp::download_bgr(device_.view, host);
      frame_ = host;
    } catch (const std::exception& e) {
      log_.error(std::string("source: the frame cannot be read back from the GPU: ") + e.what());
      frame_.release();
    }
  }
  return frame_;
}

cv::Size SourceController::frame_size() const {
  return device_.owner ? cv::Size(device_.view.width, device_.view.height) : frame_.size();
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
  // A header: the poll writes into the destination's memory, or frame_'s; frame_ itself changes
  // only when a frame came (a poll without one leaves the last frame standing).
  cv::Mat next = destination.empty() ? frame_ : destination;
  try {
    if (!source_ || !source_->poll(next, now_s)) return false;
  } catch (const std::exception& e) {
    fall_back(e.what());
    try {
      if (!source_ || !source_->poll(next, now_s)) return false;
    } catch (const std::exception& e2) {  // the synthetic scene cannot fail, but never throw
      log_.error(std::string("source: ") + e2.what());
      source_.reset();
      return false;
    }
  }
  const satapp::DeviceFrame* device = source_->device_frame();
  const cv::Size size = device ? cv::Size(device->view.width, device->view.height) : next.size();
  if (options_.max_frame_side > 0 && std::max(size.width, size.height) > options_.max_frame_side) {
    fall_back(source_->name() + ": frames of " + size_text(size) + " are larger than the display's textures take (" +
              std::to_string(options_.max_frame_side) + " pixels a side, GL_MAX_TEXTURE_SIZE)");
    return false;
  }
  if (device) {
    device_ = *device;  // frame_ keeps the last host frame's buffer, downloaded into when asked
    frame_downloaded_ = false;
  } else {
    device_ = {};
    frame_ = next;
  }
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
  device_ = {};  // the synthetic scene's frames are on the host
  replace(open_source(synthetic, options_), synthetic);
}

}  // namespace satlab
