// satlab's command line (CLI11). The filter parameters are satfilter's, from one definition
// (common/cli/filter_options.h); the rest drive the source, the shadow demo, the window, the
// off-screen (headless) mode and the captures that tests read.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/cli/cli_app.h"
#include "common/cli/filter_options.h"
#include "pipeline/filter_settings.h"
#include "sat/filters.h"
#include "sat/sat.h"
#include "sources/frame_source.h"
#include "sources/source_spec.h"
#include "state/scene_settings.h"
#include "state/ui_state.h"

namespace satlab {

// A command line satlab cannot run with; main() prints it with a hint and exits with 2.
using UsageError = satapp::cli::UsageError;

// The before/after split: the input shows left of the divider, the filter's output right of it.
// Most of the picture shows the filter, with a strip of the input beside it to compare: on
// assets/sample.png the lines of text (its left half, under uneven light) then cross the divider,
// most of each line filtered.
inline constexpr double kDefaultDivider = 0.15;

struct AppOptions {
  // What to show and how.
  SourceSpec source;                                // --source
  bool video_fast = false;                          // --fast: decode videos as fast as possible instead of at their fps
  satapp::Decoder decoder = satapp::Decoder::Auto;  // --decoder: who decodes video files
  bool preload = false;                 // --preload: decode a video file into memory at open, play it from there
  int preload_mb = kDefaultPreloadMiB;  // --preload-mb: the most MiB of frames a video in memory may hold
  std::string scene = kFiltersScene;    // --filter shadows or detect: that scene instead of the image filters
  FilterSettings filter;                // --filter and its parameters (its images: read by main, see below)
  // The files given for the filters' Image parameters (--radius-map FILE), with the catalog index
  // of the filter whose parameter each is; main() decodes them into filter.images.
  std::vector<std::pair<std::size_t, satapp::cli::ImageFile>> filter_image_files;
  // Each scene's own settings, from the options its folder adds (the shadow demo's --shadow-mode,
  // --light, --camera ...; the detector's --cascade, --scale-factor ...: scenes/registry.h).
  PerSceneSettings scenes;
  // The files those settings make the run read, as (option, path): outputs never replace them.
  std::vector<std::pair<std::string, std::string>> scene_files;
  sat::Backend backend = sat::Backend::Cuda;  // --backend (CPU when no CUDA device is present)
  bool backend_given = false;  // --backend was on the command line: CUDA then fails rather than falls back
  sat::Options sat;            // --algorithm, --tile
  std::vector<std::string> cuda_only_options;  // as given, e.g. "--algorithm 2r1w": what the CPU backend ignores

  // Window or off-screen framebuffer.
  int width = 1280, height = 800;    // --size WxH (screen coordinates)
  double zoom = 0;                   // --zoom: framebuffer pixels per image pixel; 0 = automatic
  double divider = kDefaultDivider;  // --divider: fraction of the image width showing "before"
  bool interop = true;               // --no-interop: CUDA surfaces + host uploads instead of CUDA-GL interop
  bool vsync = true;                 // --no-vsync
  bool show_ui = true;               // --hide-ui
  bool show_help = false;            // --show-help: start with the help overlay shown

  // Runs that end by themselves (tests, benchmarks, machines without a display).
  bool headless = false;         // --headless: EGL off-screen, no window
  int frames = 0;                // --frames N: stop after N frames (0 = until the window closes)
  std::string screenshot;        // --screenshot PATH: PNG of the whole window at the last frame
  std::string dump_frame;        // --dump-frame PREFIX: input, output and layout of the last frame
  std::string record;            // --record PATH: record the filtered output from the start
  bool overwrite = false;        // -y: outputs may replace existing files (-n, the default: never)
  bool require_cuda = false;     // --require-cuda: exit 77 (skip) when CUDA is unavailable
  bool require_interop = false;  // --require-interop: fail unless CUDA-GL interop was used
  bool compare_cpu = false;      // --compare-cpu: last frame also on the CPU; fail if outputs differ

  bool list_cameras = false;  // --list-cameras: print the cameras that open, then exit
  bool help = false;          // -h, --help

  // Options that do nothing with the chosen backend (--algorithm, --tile with --backend cpu), for
  // the log. A run that ends by itself (--frames, --headless) gets a UsageError for them instead:
  // a script must not believe it measured something it did not.
  std::vector<std::string> notes;
};

// What the options ask to show, as the app and its panels hold it.
inline SceneSettings scene_settings(const AppOptions& o) { return {o.scene, o.filter, o.sat, o.scenes, WindowLevel{}}; }
// What the panels show first: the command line's settings and switches.
UiState initial_ui_state(const AppOptions& options);

// Whether the run ends by itself (--frames, --headless): nobody watches it, so what would be a
// message in the window (a source that cannot be opened, an option that does not apply) fails it.
inline bool runs_unattended(const AppOptions& o) { return o.frames > 0 || o.headless; }

// How sources open under these options. Videos in memory (--preload, rawvideo:) play as fast as
// possible in runs that do not wait for the display (headless, --no-vsync): those measure the
// frame period, as with the synthetic scene. In a window with vsync they keep the file's pace
// unless --fast (or the panel) says otherwise, as videos decoded while they play do.
// `max_frame_side`: the largest frame side shown (the GL context's largest texture; 0: any).
inline SourceOpenOptions source_open_options(const AppOptions& o, int max_frame_side = 0) {
  SourceOpenOptions s;
  s.max_frame_side = max_frame_side;
  s.video_fast = o.video_fast;
  s.preload = o.preload;
  s.memory_cap_bytes = static_cast<std::size_t>(o.preload_mb) << 20;
  s.memory_unpaced = o.headless || !o.vsync;
  s.decoder = o.decoder;
  s.cuda_frames = o.backend == sat::Backend::Cuda;  // a GStreamer decoder's CUDA memory, taken where it lies
  return s;
}

// Frames a headless run does when --frames is not given.
inline constexpr int kDefaultHeadlessFrames = 300;

// Throws UsageError with the offending option named.
AppOptions parse_app_options(int argc, const char* const* argv);
std::string usage_text();

}  // namespace satlab
