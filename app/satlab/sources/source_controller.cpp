#include "sources/source_controller.h"

#include <algorithm>

namespace satlab {

namespace {
std::string size_text(const cv::Mat& m) { return std::to_string(m.cols) + "x" + std::to_string(m.rows); }
}  // namespace

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
    if (spec.kind != SourceSpec::Kind::Camera) log_.info("source: " + source_->name());
    else log_.info("source: opening camera " + std::to_string(spec.camera_index) + " ...");
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
  if (frame_.empty()) text += " - waiting for the first frame";
  return text;
}

bool SourceController::update(double now_s, const cv::Mat& destination) {
  if (paused_ && !frame_.empty()) return false;
  const cv::Size before = frame_.size();
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
  if (options_.max_frame_side > 0 && std::max(next.cols, next.rows) > options_.max_frame_side) {
    fall_back(source_->name() + ": frames of " + size_text(next) + " are larger than the display's textures take (" +
              std::to_string(options_.max_frame_side) + " pixels a side, GL_MAX_TEXTURE_SIZE)");
    return false;
  }
  frame_ = next;
  ++received_;
  if (received_ == 1 || before != frame_.size()) {
    if (before.width > 0 && before != frame_.size())
      log_.info("source size changed from " + std::to_string(before.width) + "x" + std::to_string(before.height) +
                " to " + size_text(frame_));
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
  const SourceSpec synthetic =
      frame_.empty() ? SourceSpec::synthetic() : SourceSpec::synthetic(std::min(frame_.cols, 4096), std::min(frame_.rows, 4096));
  source_.reset();
  replace(open_source(synthetic, options_), synthetic);
}

}  // namespace satlab
