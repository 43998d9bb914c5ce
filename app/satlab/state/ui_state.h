// What the panels edit and what they ask for. The app owns one UiState, hands it to the panels
// each frame and acts on the requests afterwards: panels never touch sources, pipelines or GL.
// UiStatus is the read-only side: what the panels show.
#pragma once

#include <optional>
#include <string>

#include "display/view_state.h"
#include "log/message_log.h"
#include "pipeline/backend_comparison.h"
#include "pipeline/device_info.h"
#include "sources/source_spec.h"
#include "state/filter_menu.h"
#include "state/scene_settings.h"
#include "state/timing_history.h"

namespace satlab {

struct UiState {
  // Edited live.
  SceneSettings settings;
  sat::Backend backend = sat::Backend::Cuda;  // what the user asked for
  bool show_panels = true;
  bool show_help = false;
  bool show_speedup = false;
  bool paused = false;
  bool video_fast = false;
  bool preload = false;    // video files opened from now on are decoded into memory first
  bool box_square = true;  // the box kernel's height follows its width
  // How far the control panel's settings scroll (pixels below the fold; 0: all in view), for
  // --dump-frame's view.txt, where the layout tests read it.
  float settings_hidden_px = 0;
  // Where the scene's own window goes by default (ui/layout.h; zero size: the panels are hidden).
  RectF scene_panel;
  long long messages_seen = -1;  // the log's total when the messages were last scrolled to the newest

  // The source picker's fields.
  enum class SourceChoice { Synthetic, Camera, File, RawVideo };
  SourceChoice source_choice = SourceChoice::Synthetic;
  int camera_index = 0;
  int synthetic_size[2] = {kSyntheticWidth, kSyntheticHeight};
  int raw_size[2] = {1920, 1080};  // a raw video's frame size (the file does not say)
  std::string path;                // File and RawVideo

  // Requests for the app; it clears them after acting.
  std::optional<SourceSpec> open_source;
  bool backend_changed = false;
  bool take_screenshot = false;
  bool toggle_recording = false;
  bool compare_backends = false;
  bool quit = false;
};

// view.txt's lines about the panels (--dump-frame): whether the control panel's settings fit its
// window (layout tests; screen coordinates).
std::string panel_lines(const UiState& ui);

// The source picker's fields set to the source that runs: after an open, and after a failed one
// (the synthetic scene took over), they show what is on screen, not what was asked for.
void show_running_source(UiState& ui, const SourceSpec& running);

// The variable-radius blur's depth-of-field demo: a click on the image moves the focus of its
// generated radius map (shapes Focus and TiltShift; the tilt-shift band follows the click's
// height). Whether the shown filter takes a click so; and the click at `image_fraction` (of the
// image's width and height, ViewState::image_fraction) applied: false, and nothing changed, when
// it does not.
bool focus_follows_click(const FilterSettings& filter);
bool aim_focus(FilterSettings& filter, Vec2f image_fraction);

// The pixel under the mouse (pixel inspector).
struct InspectedPixel {
  int x = 0, y = 0;
  cv::Vec3b before;        // BGR of the source frame
  cv::Vec3b after;         // the output: BGR, or gray in [0]
  int after_channels = 0;  // 0: no output value
  // A 16-bit frame: the source's and the output's samples there (nullopt until the answer came).
  std::optional<DeepPixel> deep;
  int bits = 8;  // of the source's samples (10: P010's values)
};

struct UiStatus {
  bool source_unused = false;         // the scene draws its own picture (the shadow demo): no source frames
  SeriesLabels series_labels;         // the scene's names of the timings and their clock
  std::string scene = kFiltersScene;  // the scene that runs
  const FilterMenu* menu = nullptr;   // what the filter menu lists (scenes/registry.h: filter_menu)
  // Its controls in the control panel (from its folder), editing the shown settings; null: none.
  void (*scene_controls)(SceneSettings& shown) = nullptr;
  std::string source_name;
  double source_fps = 0;
  std::string source_load;  // a video in memory: describe() of its load at open, else empty
  int frame_width = 0, frame_height = 0;
  long long frames_received = 0;

  sat::Backend backend = sat::Backend::Cpu;  // what is running
  bool cuda_available = false;
  std::string cuda_problem;
  std::string banner;        // non-empty: CPU backend against the user's wish
  std::string display_path;  // how frames reach GL: pipeline/display_target.h (kDisplayInterop, ...)
  std::string interop_problem;
  std::string gl_description;
  std::optional<GpuStatus> gpu;

  bool recording = false;
  std::string recording_path;
  int recorded_frames = 0;

  std::optional<InspectedPixel> inspected;
  // The source's samples (8; 10 or 16 for a deep frame while the image filters show it: the
  // control panel's window/level section) and the range the last 16-bit frame was shown through.
  int sample_bits = 8;
  std::optional<SampleRange> shown_range;
  const MessageLog* log = nullptr;
  const TimingHistory* history = nullptr;
  const BackendComparison* comparison = nullptr;
};

}  // namespace satlab
