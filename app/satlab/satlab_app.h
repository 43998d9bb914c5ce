// The frame loop and the wiring between the parts; the parts do the work (sources/, pipeline/,
// display/, ui/, capture/). The loop keeps the order of ImGui's example_glfw_opengl3:
//   poll events → sleep while minimised → source → pipeline (into the display textures) →
//   ImGui NewFrame → UI → ImGui::Render → requests → clear + image view → ImGui draw data →
//   captures → swap.
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
#include "pipeline/backend_comparison.h"
#include "pipeline/pipeline_selector.h"
#include "scene/scene_settings.h"
#include "shadows/shadow_demo.h"
#include "sources/source_controller.h"
#include "ui/imgui_layer.h"
#include "ui/orbit_control.h"
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
  void process_frame();
  cv::Mat next_input_buffer();  // where the source may write this frame (empty: its own buffer)
  bool shadows_shown() const { return ui_.settings.scene == Scene::Shadows; }
  void process_shadows(double dt_s);
  bool render_shadows();  // false: the frame failed (message logged, settings restored)
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
  void dump_shadow_frame(int width, int height);
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
  BackendComparison comparison_;
  std::unique_ptr<shadows::ShadowDemo> shadows_;  // created when the shadow demo is first shown
  OrbitControl orbit_;
  std::string shadow_interop_reported_;
  RepeatedWarning shadow_rejection_{log_};  // a rejected shadow setting, once per cause
  std::optional<GpuStatus> gpu_;
  double gpu_polled_s_ = -1e9;
  float banner_height_ = 0;  // of the last frame (the shadow demo sizes its picture before the UI)
  double now_s_ = 0;
  double last_frame_s_ = -1;
  bool have_output_ = false;  // a frame went through the pipeline
  bool interop_used_ = false;
  bool gl_error_reported_ = false;
  std::string interop_reported_;
  StageTimings frame_stages_;  // this frame's, zero when no frame was processed
  long long frames_ = 0;
  RequestedOutput screenshot_out_, dump_out_, record_out_;
  bool interrupted_ = false;  // a run that ends by itself, stopped by a signal
  long long source_generation_ = -1;  // the source the panel's fields show
};

}  // namespace satlab
