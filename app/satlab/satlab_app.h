// The frame loop and the wiring between the parts, which do the work: sources/ (frames),
// scenes/ (what is shown; the switcher keeps the settings that last worked), run/ (the panels
// of a frame, the status, the source's panel fields), display/ (GL), capture/run_outputs.h (the
// files written, the exit status). In the order of ImGui's example_glfw_opengl3:
//   poll events → sleep while minimised → scene for the mode → source → the scene's frame (into
//   the display textures) → ImGui NewFrame → UI → ImGui::Render → requests → clear + image view →
//   ImGui draw data → captures → swap.
#pragma once

#include <string>

#include "app_options.h"
#include "capture/run_outputs.h"
#include "display/gl_context.h"
#include "display/interop_texture.h"
#include "display/presenter.h"
#include "log/message_log.h"
#include "pipeline/pipeline_selector.h"
#include "run/frame_ui.h"
#include "run/source_sync.h"
#include "run/status_model.h"
#include "scenes/scene_switcher.h"
#include "sources/source_controller.h"
#include "state/timing_history.h"
#include "state/ui_state.h"

namespace satlab {

class SatlabApp {
 public:
  // Needs `gl` current for its whole life; opens the source the options name.
  SatlabApp(const AppOptions& options, GlContext& gl, MessageLog& log);
  SatlabApp(const SatlabApp&) = delete;
  SatlabApp& operator=(const SatlabApp&) = delete;

  // Runs until the window closes, Q, or --frames; returns the exit status.
  int run();

 private:
  // One frame; `last_if_shown`: the run's last, if it shows a source frame. Returns whether it
  // showed one.
  bool frame(double now_s, double period_ms, bool last_if_shown);
  void scene_frame();  // the scene's frame into the display textures, settled
  void act_on_requests();
  void draw();
  void capture(bool last);
  int finish(double period_ms);  // the exit status once the loop ended
  scene::Scene& scene() { return scenes_.current(); }
  ShownFrame shown_frame() { return {have_output_, new_source_frame_, scene().info().shows_source, now_s_, after_}; }

  const AppOptions& options_;
  GlContext& gl_;
  MessageLog& log_;
  SourceController sources_;
  SourceSync source_sync_{sources_, options_.source};
  PipelineSelector pipelines_;
  InteropTexture before_, after_;  // the input and the output, as drawn
  Presenter presenter_;
  FrameUi frame_ui_;
  UiState ui_;
  TimingHistory history_;
  RunOutputs outputs_{options_, sources_, log_};
  StatusModel status_{sources_, pipelines_, gl_, outputs_.recording(), log_, history_};
  scene::SceneSwitcher scenes_;
  bool new_source_frame_ = false;  // this frame's source frame is new
  double now_s_ = 0, last_frame_s_ = -1;
  bool have_output_ = false;  // a frame reached the display textures
  bool interop_used_ = false;
  satapp::StageTimeline frame_stages_;  // this frame's, zero when no frame was processed
  long long frames_ = 0;
  cv::Size images_checked_for_;  // the frame size the filters' images were last judged for
  // Why a run that ends by itself must stop with exit status 1 rather than show something else
  // (a source that cannot be shown, an image of another size, settings satcore refused).
  std::string failure_;
};

}  // namespace satlab
