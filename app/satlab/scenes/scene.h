// A scene is one of satlab's modes while it is shown: the image filters, the shadow demo, the
// detector. Its SceneInfo says what the frame loop needs to know of it before it runs (what it
// is, its stages' names, its panel); update() does one frame of read-only settings and returns
// what happened; report() gives the last times and how its pictures reach GL. A scene lives
// while its mode is shown: the switcher destroys it before it makes the next one
// (scene/scene_switcher.h), so the GL and CUDA resources it holds (RAII) go with it.
//
// The loop's order for each frame (satlab_app.h):
//   update (into the display textures; the switcher settles the settings) → ImGui NewFrame → view_input → draw_panels →
//   ImGui::Render → present → captures (dump_pictures).
#pragma once

#include <opencv2/core.hpp>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "display/interop_texture.h"
#include "display/view_state.h"
#include "log/message_log.h"
#include "pipeline/frame_pipeline.h"
#include "pipeline/pipeline_selector.h"
#include "sources/source_controller.h"
#include "state/filter_menu.h"
#include "state/scene_settings.h"
#include "state/timing_history.h"
#include "state/ui_state.h"

namespace CLI {
class App;
}

namespace satlab::scene {

// What a scene's folder says of the settings it keeps (SceneSettings::scenes, by their type), for
// the parts of the app that parse, show, log or record them without naming that type. A null
// member: the scene has none of it (the image filters' settings are the app's FilterSettings).
struct SceneSettingsHooks {
  // Its command-line options, in a help group of its own, bound to its settings in `settings`.
  void (*add_options)(CLI::App& app, PerSceneSettings& settings) = nullptr;
  // The files its settings make the run read, as (option, path): outputs never replace them.
  std::vector<std::pair<std::string, std::string>> (*input_files)(const PerSceneSettings& settings) = nullptr;
  // Its controls in the control panel, under the filter menu, editing `shown`.
  void (*draw_controls)(SceneSettings& shown) = nullptr;
  // One line for logs and overlays, e.g. "shadows pcf map 2048 fp32-centered box 31".
  std::string (*describe)(const SceneSettings& shown) = nullptr;
  // The split view's labels, left and right of the divider.
  SplitLabels (*split_labels)(const SceneSettings& shown) = nullptr;
  // The parameters after "filter NAME" in the frame dump's view.txt (" P1 P2 ...").
  std::string (*dump_params)(const SceneSettings& shown) = nullptr;
};

// The source's newest frame as a scene sees it: the frame where it lies (on the host, 8-bit BGR;
// or in GPU memory, a GStreamer decoder's CUDA memory), which the pipelines take as it is, and
// the same frame on the host for the views that need it there. From the source controller, or
// from a host image (tests).
class SourceFrame {
 public:
  SourceFrame(const SourceController& sources) : sources_(&sources) {}                  // NOLINT: implicit on purpose
  SourceFrame(const cv::Mat& host) : host_(&host), frame_(satapp::host_frame(host)) {}  // NOLINT: implicit on purpose
  bool empty() const { return frame().empty(); }
  const satapp::Frame& frame() const { return sources_ ? sources_->frame() : frame_; }
  // On the host; a frame in GPU memory is downloaded on the first call.
  const cv::Mat& host() const { return sources_ ? sources_->host() : *host_; }

 private:
  const SourceController* sources_ = nullptr;
  const cv::Mat* host_ = nullptr;
  satapp::Frame frame_;  // of *host_
};

// What the app lends a scene for one frame: the settings are read-only (the result says what
// became of them); the backends and the display textures are services the scene drives.
struct FrameContext {
  SourceFrame source;              // the source's newest frame
  bool new_source_frame;           // it arrived this frame
  double dt_s;                     // since the previous frame (0 for the first)
  const UiState& ui;               // what the panels ask for: ui.settings to show, paused, compare_backends
  const SceneSettings& last_good;  // the settings that last worked
  PipelineSelector& backends;      // the backend that runs (and the image pipelines); CUDA falls back here
  InteropTexture& before;          // the display textures, left and right of the divider
  InteropTexture& after;
  int view_width, view_height;  // framebuffer pixels of the image area (for scenes that render)
};

// Why a frame was refused, for a run that ends by itself (the scene logged the details).
inline constexpr char kSettingsRefused[] = "satcore refused the filter's settings (the message above says why)";

// What became of one frame. The scene never edits the settings it was given: it says what it
// showed, and the switcher (scene_switcher.h: settle) keeps the last good settings and rolls back.
struct FrameResult {
  enum class Outcome {
    Shown,     // the textures hold this frame's pictures
    Nothing,   // nothing new to show (e.g. a camera still opening)
    Rejected,  // satcore rejected the settings (the scene logged why): the textures are unchanged
    Switch,    // the scene cannot go on: `settings` name the scene to show instead
  };
  Outcome outcome = Outcome::Nothing;
  // Shown: the settings shown where the scene changed them (a light that moves by itself, the
  // detector that runs instead of a refused one); Rejected: the settings to fall back on where
  // nothing ever worked; Switch: the next scene's.
  std::optional<SceneSettings> settings;
  std::string reason;  // Rejected, Switch: why, for a run that ends by itself

  static FrameResult shown(std::optional<SceneSettings> as = std::nullopt) {
    return {Outcome::Shown, std::move(as), ""};
  }
  static FrameResult nothing() { return {}; }
  static FrameResult rejected(std::string why, std::optional<SceneSettings> instead = std::nullopt) {
    return {Outcome::Rejected, std::move(instead), std::move(why)};
  }
  static FrameResult switch_to(SceneSettings next, std::string why) {
    return {Outcome::Switch, std::move(next), std::move(why)};
  }
};

// The pictures of the last frame for --dump-frame: the input and the output as the textures show
// them (BGR or gray, on the host), and lines of the scene's own for view.txt.
struct DumpPictures {
  cv::Mat input, output;
  std::string extra_lines;
};

// What a scene reports of its latest frame, for the status, the timings and the run summary.
struct SceneReport {
  satapp::StageTimeline stages;  // of the latest frame that finished, by the scene's stages (empty when none did)
  std::string display_path;      // how the pictures reach GL ("CUDA-GL interop", ...; "" before the first frame)
  std::string interop_problem;   // why interop is off ("" when it is on or not used)
  bool used_interop = false;     // this frame went through interop
  const BackendComparison* comparison = nullptr;  // the speed-up panel's figures; null where the scene has none
};

class Scene;

// What a scene is, whether or not it runs: the facts the loop and the panels need before and
// between its frames. Each scene declares its own (scenes/registry.h).
struct SceneInfo {
  const char* name;  // its folder's name (scenes/NAME/), which SceneSettings::scene holds while it is shown
  // Its entries in the filter menu, in their order (MenuEntry::scene: the registry fills it in).
  std::vector<MenuEntry> (*menu)();
  // Whether it shows the source's frames (the shadow demo draws its own scene: a camera then
  // opens only when a scene that shows it is first shown).
  bool shows_source = true;
  // Whether the split view may pan and zoom with the wheel and left drags (false: the scene uses them).
  bool navigates_view = true;
  // The width of the scene's own window drawn by draw_panels (0: none): the layout keeps it a
  // place beside the timings (UiState::scene_panel), off the banners and the image.
  float panel_width = 0;
  // What the timing panel and the run summary call the scene's stages (its StageTimeline's names,
  // in its order) and their sum, and the clock that measured them on a backend.
  SeriesLabels (*stage_labels)(sat::Backend backend) = nullptr;
  // Its own settings: their options, controls, descriptions.
  SceneSettingsHooks settings;
};

// Through a scene's hooks (SceneSettingsHooks), the image filters' defaults where it has none: one
// line for logs and overlays; the split view's labels ("before" / "after"); the parameters the
// frame dump writes after "filter NAME" (none).
std::string describe(const SceneInfo& info, const SceneSettings& shown);
SplitLabels split_labels(const SceneInfo& info, const SceneSettings& shown);
std::string dump_params(const SceneInfo& info, const SceneSettings& shown);

class Scene {
 public:
  virtual ~Scene();
  Scene(const Scene&) = delete;
  Scene& operator=(const Scene&) = delete;

  // How many scenes exist now, in the whole program: one while satlab runs (the tests hold mode
  // switching to it).
  static int live_count();

  const SceneInfo& info() const { return info_; }
  const char* name() const { return info_.name; }

  // One frame of ctx.ui.settings: draws this frame's pictures into ctx.before and ctx.after.
  virtual FrameResult update(const FrameContext& ctx) = 0;
  // The latest frame's stage times, display path and comparison.
  virtual SceneReport report() const = 0;

  // Where the source may write its next frame (width×height BGR) so that update() takes it
  // without a copy; empty: the source's own buffer.
  virtual cv::Mat input_buffer(int /*width*/, int /*height*/) { return {}; }

  // Mouse and keys on the image view after ImGui::NewFrame, before the panels (the scene's own
  // settings follow them).
  virtual void view_input(const ViewState& /*view*/, bool /*divider_dragged*/, SceneSettings& /*settings*/) {}
  // The scene's own windows (they edit its settings in `ui`) and what it draws over the picture
  // (ImGui's background draw list, through `view`), after the control and timing panels.
  virtual void draw_panels(UiState& /*ui*/, const ViewState& /*view*/) {}
  // The pixel under the mouse, for the pixel inspector; nullopt where the scene has none.
  virtual std::optional<InspectedPixel> inspect(int /*x*/, int /*y*/, const cv::Mat& /*source*/) {
    return std::nullopt;
  }

  // One line for the status and the run summary: what ran and what it found.
  virtual std::string summary(const SceneSettings& shown) const;
  // The run summary's comparison (--compare-cpu): prints it; false when the backends disagreed.
  virtual bool print_comparison() const { return true; }
  // The last frame's pictures for --dump-frame (`before` and `after`: the display textures).
  virtual DumpPictures dump_pictures(const cv::Mat& source, InteropTexture& before, InteropTexture& after) = 0;

 protected:
  explicit Scene(const SceneInfo& info);

 private:
  const SceneInfo& info_;
};

}  // namespace satlab::scene
