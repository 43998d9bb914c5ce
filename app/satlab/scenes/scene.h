// A scene is one of satlab's modes while it is shown: the image filters, the shadow demo, the
// detector. It declares what the frame loop needs to know of it (its name, its stages and their
// last times, its panels, how its pictures reach GL, one line that sums it up) and does one frame
// in update(). A scene lives while its mode is shown: SatlabApp destroys it before it makes the
// next one (scene/scene_factory.h), so the GL and CUDA resources it holds (RAII) go with it.
//
// The loop's order for each frame (satlab_app.h):
//   update (into the display textures) → ImGui NewFrame → view_input → draw_panels → ImGui::Render
//   → present → captures (dump_pictures).
#pragma once

#include <opencv2/core.hpp>

#include <optional>
#include <string>

#include "display/interop_texture.h"
#include "display/view_state.h"
#include "log/message_log.h"
#include "pipeline/frame_pipeline.h"
#include "pipeline/pipeline_selector.h"
#include "scenes/scene_settings.h"
#include "sources/source_controller.h"
#include "ui/timing_history.h"
#include "ui/ui_state.h"

namespace satlab::scene {

// What the app lends a scene for one frame.
// The source's newest frame as a scene sees it: on the host (8-bit BGR; empty while there is
// none), or where it lies on the GPU (a GStreamer decoder's CUDA memory, which the CUDA pipeline
// takes there). From the source controller, or from a host image (tests).
class SourceFrame {
 public:
  SourceFrame(const SourceController& sources) : sources_(&sources) {}  // NOLINT: implicit on purpose
  SourceFrame(const cv::Mat& host) : host_(&host) {}                    // NOLINT: implicit on purpose
  bool empty() const { return sources_ ? !sources_->has_frame() : host_->empty(); }
  // On the host; a frame on the GPU is downloaded on the first call (for views that need it there).
  const cv::Mat& host() const { return sources_ ? sources_->frame() : *host_; }
  const satapp::DeviceFrame* device() const { return sources_ ? sources_->device_frame() : nullptr; }

 private:
  const SourceController* sources_ = nullptr;
  const cv::Mat* host_ = nullptr;
};

struct FrameContext {
  SourceFrame source;         // the source's newest frame
  bool new_source_frame;      // it arrived this frame
  double dt_s;                // since the previous frame (0 for the first)
  UiState& ui;                // the panels' edits and requests (a scene clears those it takes)
  SceneSettings& last_good;   // the settings that last worked: restored when satcore rejects an edit
  PipelineSelector& backends; // the backend that runs (and the image pipelines); CUDA falls back here
  InteropTexture& before;     // the display textures, left and right of the divider
  InteropTexture& after;
  int view_width, view_height;  // framebuffer pixels of the image area (for scenes that render)
};

enum class FrameResult {
  Shown,     // the textures hold this frame's pictures (last_good was updated)
  Nothing,   // nothing new to show (e.g. a camera still opening)
  Rejected,  // satcore rejected the settings: they were restored, the textures are unchanged
};

// The pictures of the last frame for --dump-frame: the input and the output as the textures show
// them (BGR or gray, on the host), and lines of the scene's own for view.txt.
struct DumpPictures {
  cv::Mat input, output;
  std::string extra_lines;
};

class Scene {
 public:
  virtual ~Scene();
  Scene(const Scene&) = delete;
  Scene& operator=(const Scene&) = delete;

  // How many scenes exist now, in the whole program: one while satlab runs (the tests hold mode
  // switching to it).
  static int live_count();

  virtual satlab::Scene kind() const = 0;
  // Whether it shows the source's frames (the shadow demo draws its own scene: a camera then
  // opens only when a scene that shows it is first shown).
  virtual bool shows_source() const { return true; }

  // One frame: draws this frame's pictures into ctx.before and ctx.after.
  virtual FrameResult update(FrameContext& ctx) = 0;
  // The stage times of the latest frame that finished (zero when none did).
  virtual StageTimings stage_times() const = 0;
  // What the timing panel and the run summary call the five stage slots and their sum, and the
  // clock that measured them on `backend`.
  virtual SeriesLabels stage_labels(sat::Backend backend) const = 0;

  // Where the source may write its next frame (width×height BGR) so that update() takes it
  // without a copy; empty: the source's own buffer.
  virtual cv::Mat input_buffer(int /*width*/, int /*height*/) { return {}; }

  // Mouse and keys on the image view after ImGui::NewFrame, before the panels. Returns whether
  // the split view may pan and zoom with the wheel and left drags (false: the scene uses them).
  virtual bool navigates_view() const { return true; }
  virtual void view_input(const ViewState& /*view*/, bool /*divider_dragged*/, SceneSettings& /*settings*/) {}
  // The scene's own windows and what it draws over the picture (ImGui's background draw list,
  // through `view`), after the control and timing panels.
  virtual void draw_panels(UiState& /*ui*/, const ViewState& /*view*/) {}
  // The width of the scene's own window drawn by draw_panels (0: none): the layout keeps it a
  // place beside the timings (UiState::scene_panel), off the banners and the image.
  virtual float panel_width() const { return 0; }
  // The pixel under the mouse, for the pixel inspector; nullopt where the scene has none.
  virtual std::optional<InspectedPixel> inspect(int /*x*/, int /*y*/, const cv::Mat& /*source*/) { return std::nullopt; }

  // How the pictures reach GL ("CUDA-GL interop", ...; "" before the first frame), why interop
  // is off ("" when it is on or not used), and whether this frame went through interop.
  virtual std::string display_path() const = 0;
  virtual std::string interop_problem() const { return ""; }
  virtual bool used_interop() const { return false; }

  // One line for the status and the run summary: what ran and what it found.
  virtual std::string summary(const SceneSettings& shown) const { return describe(shown); }
  // The run summary's comparison (--compare-cpu): prints it; false when the backends disagreed.
  virtual bool print_comparison() const { return true; }
  // The speed-up panel's figures (the image filters' CPU comparison); null where the scene has none.
  virtual const BackendComparison* backend_comparison() const { return nullptr; }
  // The last frame's pictures for --dump-frame (`before` and `after`: the display textures).
  virtual DumpPictures dump_pictures(const cv::Mat& source, InteropTexture& before, InteropTexture& after) = 0;

 protected:
  Scene();
};

}  // namespace satlab::scene
