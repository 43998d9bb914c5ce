// The frame loop and the wiring between the parts; the parts do the work (sources/, scene/,
// display/, ui/, capture/: the files the run writes and the exit status they give,
// ui/status_model.h: what the panels say). What is shown is a scene (scene/scene.h: the image filters, the shadow
// demo, the detector), made when its mode is chosen and destroyed when another is. The loop keeps
// the order of ImGui's example_glfw_opengl3:
//   poll events → sleep while minimised → scene for the mode → source → the scene's frame (into
//   the display textures) → ImGui NewFrame → UI (panels, the scene's own) → ImGui::Render →
//   requests → clear + image view → ImGui draw data → captures → swap.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "app_options.h"
#include "capture/run_outputs.h"
#include "display/gl_context.h"
#include "display/interop_texture.h"
#include "display/presenter.h"
#include "display/view_state.h"
#include "log/message_log.h"
#include "pipeline/pipeline_selector.h"
#include "scenes/scene.h"
#include "scenes/scene_switcher.h"
#include "scenes/scene_settings.h"
#include "sources/source_controller.h"
#include "ui/imgui_layer.h"
#include "ui/split_view.h"
#include "ui/status_model.h"
#include "ui/timing_history.h"
#include "ui/ui_state.h"

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
  scene::Scene& current_scene() { return scenes_.current(); }
  void process_frame();
  // The filters' images (--radius-map) against the source's frame size, when it changes: one of
  // another size fails a run that ends by itself (filter_failure_); in a window the filter runs
  // without it, with a warning.
  void check_filter_images();
  cv::Mat next_input_buffer();  // where the source may write this frame (empty: its own buffer)
  void build_ui();
  void act_on_requests();
  void draw();
  void capture(bool last);
  ShownFrame shown_frame() { return {have_output_, new_source_frame_, current_scene().info().shows_source, now_s_, after_}; }
  // The exit status once the loop ended (`period_ms`: of the last frame, for a closing capture).
  int finish(double period_ms);

  static constexpr int kInterruptedStatus = 130;  // 128 + SIGINT, as shells report it

  const AppOptions& options_;
  GlContext& gl_;
  MessageLog& log_;
  SourceController sources_;
  PipelineSelector pipelines_;
  InteropTexture before_, after_;  // the input and the output, as drawn
  Presenter presenter_;
  ImGuiLayer imgui_;
  ViewState view_;
  SplitView split_view_;
  UiState ui_;
  TimingHistory history_;
  RunOutputs outputs_{options_, sources_, log_};
  StatusModel status_{sources_, pipelines_, gl_, outputs_.recording(), log_, history_};
  scene::SceneSwitcher scenes_;  // the mode shown (made when it is chosen) and the settings that last worked
  bool new_source_frame_ = false;  // this frame's source frame is new
  bool source_deferred_ = false;   // the camera asked for opens when a source filter shows
  float banner_height_ = 0;  // of the last frame (a scene that renders sizes its picture before the UI)
  double now_s_ = 0;
  double last_frame_s_ = -1;
  bool have_output_ = false;  // a frame went through the pipeline
  bool interop_used_ = false;
  bool gl_error_reported_ = false;
  StageTimings frame_stages_;  // this frame's, zero when no frame was processed
  long long frames_ = 0;
  long long source_generation_ = -1;  // the source the panel's fields show
  cv::Size images_checked_for_;       // the frame size check_filter_images() last judged
  // Why the filter cannot run as the command line asked (an image of another size, settings
  // satcore refused): a run that ends by itself stops with exit status 1 instead of showing
  // something else.
  std::string filter_failure_;
};

}  // namespace satlab
