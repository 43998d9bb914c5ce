#include "app_options.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "common/cli/decoder_option.h"
#include "common/cli/filter_options.h"
#include "common/cli/sat_options.h"
#include "common/files/atomic_output.h"
#include "record_format.h"
#include "sat/filter_spec.h"
#include "scenes/registry.h"
#include "ui/filter_controls.h"

namespace satlab {

namespace {

namespace cli = satapp::cli;

// --filter NAME: an entry of the filter menu (scenes/registry.h), by its name or, for an image
// filter, a name or alias of satcore's catalog. The message names the whole menu.
void select_filter(AppOptions& o, const std::string& name) {
  const FilterMenu& menu = scene::filter_menu();
  const MenuEntry* entry = menu.find(name);
  if (!entry) throw UsageError("--filter must be one of " + menu.names(", ") + " (got \"" + name + "\")");
  o.scene = entry->scene;
  if (entry->filter) o.filter.kind = *entry->filter;  // the image filter stays put behind a scene of its own
}

// --filter's help: the menu's names, then each entry's line where it has one.
std::string filter_menu_help() {
  const FilterMenu& menu = scene::filter_menu();
  std::string help = menu.names(" | ") + "\n(default box):\n";
  for (const MenuEntry& entry : menu.entries())
    if (!entry.help.empty()) help += entry.help + "\n";
  return help;
}

// The image filter whose parameters satcore judges: none for the shadow demo and for "none".
const sat::FilterInfo* image_filter_of(const AppOptions& o) {
  if (o.scene != kFiltersScene || !is_catalog_filter(o.filter.kind)) return nullptr;
  return &sat::filter_catalog()[catalog_index(o.filter.kind)];
}

const char* const kHead = R"(satlab - live summed-area-table filters on the GPU (CUDA -> OpenGL -> Dear ImGui)

usage: satlab [options]

)";

const char* const kFooter = "Keys: F1 or H shows them all in the window.\n";

// The options, bound to the AppOptions one parse fills in.
struct Parser {
  CLI::App app{"", "satlab"};
  AppOptions options;
  std::optional<cli::FilterOptions> filter;  // added after --filter, as --help lists them
  bool keep = false;                         // -n

  Parser();
  void finish();
};

Parser::Parser() {
  AppOptions& o = options;
  cli::configure(app, kHead, kFooter);

  app.option_defaults()->group("Source");
  cli::add_parsed(app, "--source", "SPEC",
                  "default | synthetic[:WxH] | camera[:N] | PATH (image or video)\n"
                  "| rawvideo:WxH:PATH (back-to-back BGR24 frames of WxH, as\n"
                  "ffmpeg -f rawvideo -pix_fmt bgr24 writes; read into memory, no codec)\n"
                  "| gst:PIPELINE (a GStreamer pipeline, gst-launch syntax, that\n"
                  "satlab ends with its appsink; frames in CUDA memory go to the\n"
                  "GPU pipeline where they lie; its end of stream ends the run)\n"
                  "default: camera 0 if one opens, else the synthetic scene.\n"
                  "One that cannot be opened: the synthetic scene in a window; an\n"
                  "error (exit status 1) in runs that end by themselves",
                  [&o](const std::string& text) {
                    std::string error;
                    const auto spec = parse_source_spec(text, error);
                    if (!spec) throw UsageError("--source: " + error);
                    o.source = *spec;
                  });
  cli::add_decoder_option(
      app, [&o](satapp::Decoder decoder) { o.decoder = decoder; }, "The log and the source panel");
  app.add_flag("--list-cameras", o.list_cameras, "print the cameras that open (indices 0-9) with their size; exit");
  app.add_flag("--fast", o.video_fast, "play videos as fast as possible (default: at the file's fps)");
  app.add_flag("--preload", o.preload,
               "decode a video file into memory at open, then play it from there:\n"
               "frames measure the pipeline, not the decoder (decoding is reported\n"
               "apart); in memory, headless and --no-vsync runs play as fast as possible");
  cli::add_checked(app, "--preload-mb", o.preload_mb, "N", CLI::Range(1, 1 << 20),
                   "the most MiB of frames a video in memory may hold (--preload,\n"
                   "rawvideo:); a longer one is refused, not cut (default " +
                       std::to_string(kDefaultPreloadMiB) + ")");

  const std::string filters = "Filter (satfilter's names)";
  app.option_defaults()->group(filters);
  cli::add_parsed(app, "--filter", "NAME", filter_menu_help() + cli::filter_help(),
                  [&o](const std::string& name) { select_filter(o, name); });
  // satcore's defaults, as satfilter's (pipeline/filter_settings.h).
  const FilterSettings start;
  filter.emplace(app, filters, std::vector<sat::FilterSpec>(start.specs.begin(), start.specs.end()));

  scene::add_scene_options(app, o.scenes);  // each scene's own, from its folder (scenes/registry.h)

  app.option_defaults()->group("Summed-area tables");
  cli::add_backend_option(
      app, [&o](sat::Backend backend) { o.backend = backend; },
      "cuda, or cpu when CUDA cannot run; then an\nexplicit --backend cuda fails, exit status 1");
  cli::add_algorithm_option(app, [&o](sat::Algorithm algorithm) { o.sat.algorithm = algorithm; });
  cli::add_checked(app, "--tile", o.sat.tile, "W", CLI::IsMember({0, 32, 64, 128}),
                   "32 | 64 | 128 (0 = the algorithm's default)\n"
                   "(--algorithm and --tile are CUDA only: with --backend cpu a note,\n"
                   "or exit status 2 with --frames or --headless)");

  app.option_defaults()->group("Display");
  cli::add_parsed(app, "--size", "WxH",
                  "window (or off-screen framebuffer) size, 320x240..16384x16384\n(default " + std::to_string(o.width) +
                      "x" + std::to_string(o.height) + ")",
                  [&o](const std::string& text) {
                    const auto size = parse_size(text);
                    if (!size || size->first < 320 || size->second < 240 || size->first > 16384 || size->second > 16384)
                      throw UsageError("--size needs WxH between 320x240 and 16384x16384 (got \"" + text + "\")");
                    o.width = size->first;
                    o.height = size->second;
                  });
  cli::add_checked(app, "--zoom", o.zoom, "Z", CLI::Range(0.0, 64.0),
                   "framebuffer pixels per image pixel, 0..64 (0 = 1:1 if it fits,\nelse fit; default 0)");
  cli::add_checked(app, "--divider", o.divider, "F", CLI::Range(0.0, 1.0),
                   "before/after split: fraction of the width showing the input, 0..1\n(default " +
                       cli::format_real(kDefaultDivider) + ": most of the picture filtered)");
  app.add_flag(
      "--no-interop",
      "CUDA writes surfaces of its own, uploaded from the host, instead of\nthe GL textures (CUDA-GL interop)");
  app.add_flag("--no-vsync", "do not wait for the display's refresh");
  app.add_flag("--hide-ui", "start with the panels hidden (Tab shows them)");
  app.add_flag("--show-help", o.show_help, "start with the help overlay shown (F1 hides it)");

  const std::string unattended = "Runs that end by themselves";
  app.option_defaults()->group(unattended);
  app.add_flag("--headless", o.headless,
               "no window: render off-screen through EGL (automatic without a\n"
               "display; then the screenshot goes to the temporary folder, path\nprinted)");
  cli::add_checked(app, "--frames", o.frames, "N", CLI::Range(0, 1 << 30),
                   "stop after N frames (headless default: " + std::to_string(kDefaultHeadlessFrames) + ")");
  app.add_option("--screenshot", o.screenshot, "write a PNG (PATH.png) of the whole window at the last frame")
      ->option_text("PATH");
  app.add_option("--dump-frame", o.dump_frame,
                 "at the last frame write PREFIX.input.png (the source frame),\n"
                 "PREFIX.output.png (the filter's output) and PREFIX.view.txt (layout)")
      ->option_text("PREFIX");
  app.add_option("--record", o.record, "record the filtered output to a video file (.avi: MJPG, .mp4: mp4v)")
      ->option_text("PATH");
  app.add_flag("-n,--no-overwrite", keep,
               "never overwrite (the default): an output that exists is an error\n(exit status 1), before the run");
  app.add_flag("-y,--overwrite", o.overwrite,
               "outputs may replace existing files. An output is never the source\n"
               "itself (nor a link to it), -y or not. Outputs appear only when\n"
               "complete (written to a temporary in the same folder, then renamed)");
  app.add_flag("--require-cuda", o.require_cuda, "exit with status 77 when the CUDA backend cannot run (for tests)");
  app.add_flag("--require-interop", o.require_interop, "exit with status 1 unless frames went through CUDA-GL interop");
  app.add_flag("--compare-cpu", o.compare_cpu,
               "run the last frame through the CPU backend too; print both stage\n"
               "times; exit with status 1 if the outputs differ in any pixel. On the\n"
               "CPU backend: satcore's CPU against OpenCV's op (times; exit status 1\n"
               "if a bit-exact op's output differs)");
  cli::add_help_flag(app, unattended);
  app.add_flag("--version", "print the version of satlab and exit")->group(unattended);
}

// What spans several options: the flags that switch something off, the filter parameters (by
// satcore), and the CUDA-only options with the CPU backend.
void Parser::finish() {
  AppOptions& o = options;
  o.interop = !cli::given(app, "--no-interop");
  o.vsync = !cli::given(app, "--no-vsync");
  o.show_ui = !cli::given(app, "--hide-ui");
  o.scene_files = scene::scene_input_files(o.scenes);

  // Every catalog filter's spec from the command line (in catalog order, as FilterSpecs).
  const std::vector<sat::FilterSpec> specs = filter->specs(image_filter_of(o));
  for (std::size_t i = 0; i < specs.size() && i < o.filter.specs.size(); ++i) o.filter.specs[i] = specs[i];
  for (std::size_t i = 0; i < sat::filter_catalog().size(); ++i)
    for (const cli::ImageFile& file : filter->image_files(sat::filter_catalog()[i]))
      o.filter_image_files.emplace_back(i, file);

  // --preload with a source that is no file (in a window one may still open a video).
  if (o.preload && runs_unattended(o) && o.source.kind != SourceSpec::Kind::File &&
      o.source.kind != SourceSpec::Kind::RawVideo)
    throw UsageError("--preload holds a video file's frames in memory: it does nothing with --source " +
                     to_string(o.source));

  if (o.overwrite && keep) throw UsageError("give either -y or -n, not both");
  // What a file's name says it holds: a PNG that is not called .png, or a video in a container
  // satlab does not write, would be a surprise found later.
  namespace files = satapp::files;
  if (!o.screenshot.empty() && files::lower_extension(o.screenshot) != "png")
    throw UsageError("--screenshot writes PNG: '" + o.screenshot + "' needs the extension .png");
  if (!o.record.empty() && !record_format(o.record))
    throw UsageError("--record writes .avi (MJPG) or .mp4 (mp4v): '" + o.record + "' has neither extension");

  const bool algorithm_given = cli::given(app, "--algorithm"), tile_given = cli::given(app, "--tile");
  o.backend_given = cli::given(app, "--backend");
  if (algorithm_given) o.cuda_only_options.push_back(std::string("--algorithm ") + sat::to_string(o.sat.algorithm));
  if (tile_given) o.cuda_only_options.push_back("--tile " + std::to_string(o.sat.tile));
  if (o.backend == sat::Backend::Cpu && (algorithm_given || tile_given)) {
    const std::string what = std::string(algorithm_given ? "--algorithm" : "--tile") +
                             " chooses the CUDA backend's SAT kernels: it does nothing with --backend cpu";
    if (runs_unattended(o)) throw UsageError(what);
    o.notes.push_back(what);
  }
}

}  // namespace

UiState initial_ui_state(const AppOptions& o) {
  UiState ui;
  ui.settings = scene_settings(o);
  ui.backend = o.backend;
  ui.show_panels = o.show_ui;
  ui.show_help = o.show_help;
  ui.video_fast = o.video_fast;
  ui.preload = o.preload;
  ui.box_square = sides_equal(o.filter);
  // The source fields follow the source that runs (show_running_source, every source change).
  return ui;
}

AppOptions parse_app_options(int argc, const char* const* argv) {
  return cli::parse_or_help<AppOptions, Parser>(argc, argv);
}

std::string usage_text() { return Parser().app.help(); }

}  // namespace satlab
