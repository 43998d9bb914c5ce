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
#include "sat/filter_spec.h"
#include "scenes/detect/detect_options.h"
#include "scenes/shadows/orbit_camera.h"

namespace satlab {

namespace {

namespace cli = satapp::cli;

// "A,B[,C]": `count` comma-separated numbers.
std::vector<double> parse_reals(const std::string& name, const std::string& text, std::size_t count) {
  std::vector<double> values;
  std::size_t start = 0;
  while (values.size() < count) {
    const std::size_t end = text.find(',', start);
    const std::string part = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
    std::size_t used = 0;
    double v = 0;
    try {
      v = std::stod(part, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (part.empty() || used != part.size() || !std::isfinite(v)) break;
    values.push_back(v);
    if (end == std::string::npos) break;
    start = end + 1;
  }
  if (values.size() != count || std::count(text.begin(), text.end(), ',') != static_cast<long>(count - 1))
    throw UsageError(name + " needs " + std::to_string(count) + " comma-separated numbers (got \"" + text + "\")");
  return values;
}

// The filter menu's names, as --filter takes them: "none | box | threshold | ... | shadows".
std::string menu_names(const char* separator) {
  std::string names;
  for (FilterKind kind : kAllFilterKinds) names += std::string(to_string(kind)) + separator;
  return names + kShadowsMenuName + separator + kDetectMenuName;
}

// --filter NAME: the shadow demo's scene, or the source through that filter (none, or a name or
// alias of satcore's catalog). The message names the whole menu.
void select_filter(AppOptions& o, const std::string& name) {
  if (name == kShadowsMenuName) {
    o.scene = Scene::Shadows;
    return;
  }
  if (name == kDetectMenuName) {
    o.scene = Scene::Detect;
    return;
  }
  const std::optional<FilterKind> kind = parse_filter_kind(name);
  if (!kind) throw UsageError("--filter must be one of " + menu_names(", ") + " (got \"" + name + "\")");
  o.filter.kind = *kind;
  o.scene = Scene::Source;
}

// The image filter whose parameters satcore judges: none for the shadow demo and for "none".
const sat::FilterInfo* image_filter_of(const AppOptions& o) {
  if (o.scene != Scene::Source || !is_catalog_filter(o.filter.kind)) return nullptr;
  return &sat::filter_catalog()[catalog_index(o.filter.kind)];
}

ShadowMode parse_mode(const std::string& name, const std::string& text) {
  const auto mode = parse_shadow_mode(text);
  if (!mode) throw UsageError(name + " must be hard, pcf, savsm or savsm-variable (got \"" + text + "\")");
  return *mode;
}

std::string format_real(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

// A closed interval a number of an option must lie in.
struct RealRange {
  double min, max;
  std::string text() const { return format_real(min) + ".." + format_real(max); }
  void check(const std::string& option, const std::string& what, double value) const {
    if (value < min || value > max)
      throw UsageError(option + " needs a " + what + " in [" + format_real(min) + ", " + format_real(max) + "] (got " +
                       format_real(value) + ")");
  }
};

// --camera: what the orbit camera shows (shadows/orbit_camera.h): a turn either way, a pitch
// within its clamp in whole degrees (never under the ground, never straight down), its distances.
constexpr double kDegreesPerRadian = 57.29577951308232;
const struct {
  RealRange yaw{-360, 360};
  RealRange pitch{std::ceil(shadows::OrbitCamera::kMinPitch * kDegreesPerRadian),
                  std::floor(shadows::OrbitCamera::kMaxPitch * kDegreesPerRadian)};
  RealRange distance{shadows::OrbitCamera::kMinDistance, shadows::OrbitCamera::kMaxDistance};
} camera_ranges;

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
  const ShadowSettings sh;

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
  cli::add_decoder_option(app, [&o](satapp::Decoder decoder) { o.decoder = decoder; }, "The log and the source panel");
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
  cli::add_parsed(app, "--filter", "NAME",
                  menu_names(" | ") + "\n(default box):\n"
                  "none: the source as it is\n"
                  "shadows: a 3D scene of its own, no source needed (below)\n"
                  "detect: the objects a Haar cascade finds in the source (below)\n" +
                      cli::filter_help(),
                  [&o](const std::string& name) { select_filter(o, name); });
  // satcore's defaults, as satfilter's (pipeline/filter_settings.h).
  const FilterSettings start;
  filter.emplace(app, filters, std::vector<sat::FilterSpec>(start.specs.begin(), start.specs.end()));

  app.option_defaults()->group("Soft shadows (--filter shadows)");
  cli::add_parsed(
      app, "--shadow-mode", "NAME",
      "hard | pcf | savsm | savsm-variable (right of the divider)\n(default " + std::string(to_string(sh.mode)) + ")",
      [&o](const std::string& text) { o.shadows.mode = parse_mode("--shadow-mode", text); });
  cli::add_parsed(
      app, "--compare-mode", "NAME",
      "the technique left of the divider (default " + std::string(to_string(sh.compare_mode)) + ")",
      [&o](const std::string& text) { o.shadows.compare_mode = parse_mode("--compare-mode", text); });
  cli::add_parsed(app, "--precision", "NAME",
                  "moment table: fixed32 | fp32-centered | fp32 (default " + std::string(to_string(sh.precision)) + ")",
                  [&o](const std::string& text) {
                    const auto precision = parse_moment_precision(text);
                    if (!precision)
                      throw UsageError("--precision must be fixed32, fp32-centered or fp32 (got \"" + text + "\")");
                    o.shadows.precision = *precision;
                  });
  cli::add_checked(app, "--map-size", o.shadows.map_size, "N", CLI::IsMember({512, 1024, 2048, 4096}),
                   "shadow map 512 | 1024 | 2048 | 4096 (default " + std::to_string(sh.map_size) + ")");
  cli::add_checked(app, "--box", o.shadows.box_texels, "N", CLI::Range(1, kMaxBoxTexels),
                   "filter box in texels (pcf, savsm), 1.." + std::to_string(kMaxBoxTexels) + " (default " +
                       std::to_string(sh.box_texels) + ")");
  cli::add_checked(app, "--light-size", o.shadows.light_size_deg, "DEG", CLI::Range(0.05, 20.0),
                   "angular size of the light (savsm-variable), 0.05..20 (default 4)");
  cli::add_checked(app, "--min-variance", o.shadows.min_variance, "X", CLI::Range(0.0, 0.01),
                   "lower clamp of the variance (depth units^2), 0..0.01 (default 1e-5)");
  cli::add_checked(app, "--bleeding", o.shadows.bleeding, "X", CLI::Range(0.0, 0.95),
                   "light-bleeding reduction, 0..0.95 (default 0.2)");
  cli::add_parsed(app, "--light", "AZ,EL",
                  "fixed light direction in degrees, elevation 5..90 (default: the\nlight circles)",
                  [&o](const std::string& text) {
                    const auto angles = parse_reals("--light", text, 2);
                    if (angles[1] < 5 || angles[1] > 90)
                      throw UsageError("--light needs an elevation in [5, 90] degrees");
                    o.shadows.light_azimuth_deg = static_cast<float>(angles[0]);
                    o.shadows.light_elevation_deg = static_cast<float>(angles[1]);
                    o.shadows.animate_light = false;
                  });
  cli::add_parsed(app, "--camera", "YAW,PITCH,D",
                  "camera yaw and pitch in degrees, distance: yaw " + camera_ranges.yaw.text() + ", pitch " +
                      camera_ranges.pitch.text() + ",\ndistance " + camera_ranges.distance.text() +
                      " (default 34,31.5,17)",
                  [&o](const std::string& text) {
                    const auto v = parse_reals("--camera", text, 3);
                    camera_ranges.yaw.check("--camera", "yaw", v[0]);
                    camera_ranges.pitch.check("--camera", "pitch", v[1]);
                    camera_ranges.distance.check("--camera", "distance", v[2]);
                    o.camera = std::array<float, 3>{static_cast<float>(v[0]), static_cast<float>(v[1]),
                                                    static_cast<float>(v[2])};
                  });

  add_detect_options(app, o.detect);

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
                       format_real(kDefaultDivider) + ": most of the picture filtered)");
  app.add_flag("--no-interop",
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
}

// What spans several options: the flags that switch something off, the filter parameters (by
// satcore), and the CUDA-only options with the CPU backend.
void Parser::finish() {
  AppOptions& o = options;
  o.interop = !cli::given(app, "--no-interop");
  o.vsync = !cli::given(app, "--no-vsync");
  o.show_ui = !cli::given(app, "--hide-ui");

  // Every catalog filter's spec from the command line (in catalog order, as FilterSpecs).
  const std::vector<sat::FilterSpec> specs = filter->specs(image_filter_of(o));
  for (std::size_t i = 0; i < specs.size() && i < o.filter.specs.size(); ++i) o.filter.specs[i] = specs[i];
  for (std::size_t i = 0; i < sat::filter_catalog().size(); ++i)
    for (const cli::ImageFile& file : filter->image_files(sat::filter_catalog()[i])) o.filter_image_files.emplace_back(i, file);

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
  const std::string video = files::lower_extension(o.record);
  if (!o.record.empty() && video != "avi" && video != "mp4")
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

AppOptions parse_app_options(int argc, const char* const* argv) {
  return cli::parse_or_help<AppOptions, Parser>(argc, argv);
}

std::string usage_text() { return Parser().app.help(); }

}  // namespace satlab
