#include "run/source_sync.h"

namespace satlab {

void SourceSync::start(bool scene_shows_source) {
  const bool camera = given_.kind == SourceSpec::Kind::Default || given_.kind == SourceSpec::Kind::Camera;
  if (!scene_shows_source && camera)
    deferred_ = true;
  else
    sources_.open(given_);
}

bool SourceSync::update(double now_s, UiState& ui, scene::Scene& scene) {
  const bool shows_source = scene.info().shows_source;
  sources_.set_paused(ui.paused);
  if (sources_.video_fast() != ui.video_fast) sources_.set_video_fast(ui.video_fast);
  sources_.set_preload(ui.preload);  // for the next video opened
  if (deferred_ && shows_source) {
    deferred_ = false;
    sources_.open(given_);
  }
  // The source renders or decodes straight into the scene's staging (the GPU pipeline's
  // page-locked memory), when the frame keeps its size.
  const cv::Size size = sources_.frame_size();
  const bool staged = shows_source && !size.empty() && !ui.paused && !sources_.frame().on_device();
  const bool fresh = sources_.update(now_s, staged ? scene.input_buffer(size.width, size.height) : cv::Mat());
  if (sources_.generation() != shown_generation_) {  // opened, or replaced after a failure
    shown_generation_ = sources_.generation();
    show_running_source(ui, sources_.spec());
  }
  return fresh;
}

bool SourceSync::open_requested(UiState& ui) {
  if (!ui.open_source) return false;
  deferred_ = false;  // the source chosen in the panel replaces the one the command line named
  sources_.open(*ui.open_source);
  ui.open_source.reset();
  return true;
}

}  // namespace satlab
