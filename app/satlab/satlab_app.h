// The frame loop and the wiring between the parts; the parts do the work (sources/, scene/,
// display/, ui/, capture/). What is shown is a scene (scene/scene.h: the image filters, the shadow
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
#include "capture/recording.h"
#include "display/gl_context.h"
#include "display/interop_texture.h"
#include "display/presenter.h"
#include "display/view_state.h"
#include "log/message_log.h"
#include "pipeline/pipeline_selector.h"
#include "scene/scene.h"
#include "scene/scene_switcher.h"
#include "scene/scene_settings.h"
#include "sources/source_controller.h"
#include "ui/imgui_layer.h"
#include "ui/split_view.h"
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
  const scene::Scene& current_scene() const { return scenes_.current(); }
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
  UiStatus make_status();
  std::optional<InspectedPixel> inspect(const std::optional<std::pair<int, int>>& hovered);
  void toggle_recording(const std::string& path);
  void stop_recording();  // saves the file, or says why not
  // Whether `path` is a file the run reads (the source given, or the one open now): never written.
  bool is_an_input(const std::string& path) const;
  // Runs `write(path)`, logs "WHAT PATH" or the error; returns whether it succeeded.
  template <typename Write>
  bool save_capture(Write write, const std::string& path, const char* what);
  // Logs each output the command line asked for that was not written; false if there is one.
  bool report_requested_outputs();
  std::string panel_lines() const;  // view.txt's lines about the panels
  void print_summary() const;

  // What became of an output the command line asked for (--screenshot, --dump-frame, --record):
  // one that was not written makes the exit status 1.
  struct RequestedOutput {
    bool written = false;
    bool failed = false;  // the error was logged when it failed
  };
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
  SceneSettings last_good_;  // restored when satcore rejects an edit
  TimingHistory history_;
  Recording recording_{log_};
  bool new_source_frame_ = false;            // this frame's source frame is new
  bool source_deferred_ = false;             // the camera asked for opens when a source filter shows
  std::string record_on_start_;  // --record: starts with the first output
  scene::SceneSwitcher scenes_;  // the mode shown, made when it is chosen (scenes_.follow)
  std::optional<GpuStatus> gpu_;
  double gpu_polled_s_ = -1e9;
  float banner_height_ = 0;  // of the last frame (a scene that renders sizes its picture before the UI)
  double now_s_ = 0;
  double last_frame_s_ = -1;
  bool have_output_ = false;  // a frame went through the pipeline
  bool interop_used_ = false;
  bool gl_error_reported_ = false;
  StageTimings frame_stages_;  // this frame's, zero when no frame was processed
  long long frames_ = 0;
  RequestedOutput screenshot_out_, dump_out_, record_out_;
  bool interrupted_ = false;  // a run that ends by itself, stopped by a signal
  long long source_generation_ = -1;  // the source the panel's fields show
  cv::Size images_checked_for_;       // the frame size check_filter_images() last judged
  // Why the filter cannot run as the command line asked (an image of another size, settings
  // satcore refused): a run that ends by itself stops with exit status 1 instead of showing
  // something else.
  std::string filter_failure_;
};

}  // namespace satlab
