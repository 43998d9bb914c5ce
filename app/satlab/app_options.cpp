#include "app_options.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace satlab {

namespace {

// Walks argv, accepting "--name value" and "--name=value".
class ArgReader {
 public:
  ArgReader(int argc, const char* const* argv) : args_(argv + 1, argv + argc) {}

  bool next() {
    if (pos_ >= args_.size()) return false;
    std::string_view arg = args_[pos_++];
    inline_value_.reset();
    if (const auto eq = arg.find('='); arg.rfind("--", 0) == 0 && eq != std::string_view::npos) {
      inline_value_ = std::string(arg.substr(eq + 1));
      arg = arg.substr(0, eq);
    }
    name_ = std::string(arg);
    return true;
  }
  const std::string& name() const { return name_; }
  bool is(std::string_view name) const { return name_ == name; }

  std::string value() {
    if (inline_value_) return *inline_value_;
    if (pos_ >= args_.size()) throw UsageError(name_ + " needs a value");
    return args_[pos_++];
  }
  int integer(int min, int max) {
    const std::string text = value();
    int v = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || ptr != text.data() + text.size() || v < min || v > max)
      throw UsageError(name_ + " needs an integer in [" + std::to_string(min) + ", " +
                       std::to_string(max) + "] (got \"" + text + "\")");
    return v;
  }
  double real(double min, double max) {
    const std::string text = value();
    std::size_t used = 0;
    double v = 0;
    try {
      v = std::stod(text, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != text.size() || text.empty() || !(v >= min && v <= max))
      throw UsageError(name_ + " needs a number in [" + std::to_string(min) + ", " +
                       std::to_string(max) + "] (got \"" + text + "\")");
    return v;
  }
  void no_value() const {
    if (inline_value_) throw UsageError(name_ + " takes no value");
  }

 private:
  std::vector<std::string> args_;
  std::size_t pos_ = 0;
  std::string name_;
  std::optional<std::string> inline_value_;
};

// "A,B[,C]": `count` comma-separated numbers.
std::vector<double> parse_reals(ArgReader& a, std::size_t count) {
  const std::string text = a.value();
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
    throw UsageError(a.name() + " needs " + std::to_string(count) + " comma-separated numbers (got \"" + text + "\")");
  return values;
}

}  // namespace

AppOptions parse_app_options(int argc, const char* const* argv) {
  AppOptions o;
  bool algorithm_given = false, tile_given = false;
  ArgReader a(argc, argv);
  while (a.next()) {
    if (a.is("-h") || a.is("--help")) {
      o.help = true;
    } else if (a.is("--source")) {
      std::string error;
      const auto spec = parse_source_spec(a.value(), error);
      if (!spec) throw UsageError("--source: " + error);
      o.source = *spec;
    } else if (a.is("--fast")) {
      a.no_value();
      o.video_fast = true;
    } else if (a.is("--filter")) {
      const std::string name = a.value();
      const auto kind = parse_filter_kind(name);
      if (!kind)
        throw UsageError("--filter must be none, box, threshold, sauvola, bradley or shadows (got \"" + name + "\")");
      o.filter.kind = *kind;
    } else if (a.is("--ksize")) {
      // WxH, or N for NxN (as satfilter). Sides beyond kMaxKernelSide are a bad command line
      // (exit 2), not a filter satcore rejects once the run started.
      const std::string text = a.value();
      auto size = parse_size(text);
      if (!size && !text.empty() && text.find_first_not_of("0123456789") == std::string::npos) {
        int n = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
        if (ec == std::errc() && end == text.data() + text.size()) size = std::make_pair(n, n);
        else size = std::make_pair(kMaxKernelSide + 1, kMaxKernelSide + 1);  // too many digits for an int
      }
      if (!size || size->first < 1 || size->second < 1 || size->first > kMaxKernelSide || size->second > kMaxKernelSide)
        throw UsageError("--ksize needs WxH or N with W, H, N in [1, " + std::to_string(kMaxKernelSide) + "] (got \"" +
                         text + "\")");
      o.filter.box.kernel_width = size->first;
      o.filter.box.kernel_height = size->second;
    } else if (a.is("--radius")) {
      const int r = a.integer(0, 4095);
      o.filter.box.kernel_width = o.filter.box.kernel_height = 2 * r + 1;
    } else if (a.is("--border")) {
      const std::string text = a.value();
      const auto border = sat::parse_border(text);
      if (!border) throw UsageError("--border must be reflect101 or replicate (got \"" + text + "\")");
      o.filter.box.border = *border;
    } else if (a.is("--block")) {
      o.filter.mean_c.block = a.integer(3, 8191);
      if (o.filter.mean_c.block % 2 == 0) throw UsageError("--block must be odd");
    } else if (a.is("--C")) {
      o.filter.mean_c.C = a.real(-255, 255);
    } else if (a.is("--invert")) {
      a.no_value();
      o.filter.mean_c.invert = true;
    } else if (a.is("--window")) {
      // Sauvola (odd ≥ 3) and Bradley (≥ 1) share the name, as in satfilter.
      const int w = a.integer(1, 8191);
      o.filter.sauvola.window = w;
      o.filter.bradley.window = w;
    } else if (a.is("--k")) {
      o.filter.sauvola.k = a.real(1e-6, 1 - 1e-6);
    } else if (a.is("--r")) {
      o.filter.sauvola.r = a.real(0, 1e6);
    } else if (a.is("--t")) {
      o.filter.bradley.t = a.real(0, 99.999);
    } else if (a.is("--shadow-mode") || a.is("--compare-mode")) {
      const std::string text = a.value();
      const auto mode = parse_shadow_mode(text);
      if (!mode) throw UsageError(a.name() + " must be hard, pcf, savsm or savsm-variable (got \"" + text + "\")");
      (a.is("--shadow-mode") ? o.filter.shadows.mode : o.filter.shadows.compare_mode) = *mode;
    } else if (a.is("--precision")) {
      const std::string text = a.value();
      const auto precision = parse_moment_precision(text);
      if (!precision) throw UsageError("--precision must be fixed32, fp32-centered or fp32 (got \"" + text + "\")");
      o.filter.shadows.precision = *precision;
    } else if (a.is("--map-size")) {
      const int size = a.integer(512, 4096);
      if (size != 512 && size != 1024 && size != 2048 && size != 4096)
        throw UsageError("--map-size must be 512, 1024, 2048 or 4096");
      o.filter.shadows.map_size = size;
    } else if (a.is("--box")) {
      o.filter.shadows.box_texels = a.integer(1, kMaxBoxTexels);
    } else if (a.is("--light-size")) {
      o.filter.shadows.light_size_deg = static_cast<float>(a.real(0.05, 20));
    } else if (a.is("--min-variance")) {
      o.filter.shadows.min_variance = static_cast<float>(a.real(0, 0.01));
    } else if (a.is("--bleeding")) {
      o.filter.shadows.bleeding = static_cast<float>(a.real(0, 0.95));
    } else if (a.is("--light")) {
      const auto angles = parse_reals(a, 2);
      if (angles[1] < 5 || angles[1] > 90) throw UsageError("--light needs an elevation in [5, 90] degrees");
      o.filter.shadows.light_azimuth_deg = static_cast<float>(angles[0]);
      o.filter.shadows.light_elevation_deg = static_cast<float>(angles[1]);
      o.filter.shadows.animate_light = false;
    } else if (a.is("--camera")) {
      const auto v = parse_reals(a, 3);
      o.camera = std::array<float, 3>{static_cast<float>(v[0]), static_cast<float>(v[1]), static_cast<float>(v[2])};
    } else if (a.is("--backend")) {
      const std::string text = a.value();
      const auto backend = sat::parse_backend(text);
      if (!backend) throw UsageError("--backend must be cuda or cpu (got \"" + text + "\")");
      o.backend = *backend;
    } else if (a.is("--algorithm")) {
      const std::string text = a.value();
      const auto algorithm = sat::parse_algorithm(text);
      if (!algorithm) {
        std::string names;
        for (sat::Algorithm alg : sat::kAllAlgorithms) names += std::string(" ") + sat::to_string(alg);
        throw UsageError("--algorithm must be one of" + names + " (got \"" + text + "\")");
      }
      o.sat.algorithm = *algorithm;
      algorithm_given = true;
    } else if (a.is("--tile")) {
      const int tile = a.integer(0, 128);
      if (tile != 0 && tile != 32 && tile != 64 && tile != 128)
        throw UsageError("--tile must be 32, 64 or 128 (or 0 for the default)");
      o.sat.tile = tile;
      tile_given = true;
    } else if (a.is("--size")) {
      const std::string text = a.value();
      const auto size = parse_size(text);
      if (!size || size->first < 320 || size->second < 240 || size->first > 16384 || size->second > 16384)
        throw UsageError("--size needs WxH between 320x240 and 16384x16384 (got \"" + text + "\")");
      o.width = size->first;
      o.height = size->second;
    } else if (a.is("--zoom")) {
      o.zoom = a.real(0, 64);
    } else if (a.is("--divider")) {
      o.divider = a.real(0, 1);
    } else if (a.is("--no-interop")) {
      a.no_value();
      o.interop = false;
    } else if (a.is("--no-vsync")) {
      a.no_value();
      o.vsync = false;
    } else if (a.is("--hide-ui")) {
      a.no_value();
      o.show_ui = false;
    } else if (a.is("--show-help")) {
      a.no_value();
      o.show_help = true;
    } else if (a.is("--headless")) {
      a.no_value();
      o.headless = true;
    } else if (a.is("--frames")) {
      o.frames = a.integer(0, 1 << 30);
    } else if (a.is("--screenshot")) {
      o.screenshot = a.value();
    } else if (a.is("--dump-frame")) {
      o.dump_frame = a.value();
    } else if (a.is("--record")) {
      o.record = a.value();
    } else if (a.is("--require-cuda")) {
      a.no_value();
      o.require_cuda = true;
    } else if (a.is("--require-interop")) {
      a.no_value();
      o.require_interop = true;
    } else if (a.is("--compare-cpu")) {
      a.no_value();
      o.compare_cpu = true;
    } else if (a.is("--list-cameras")) {
      a.no_value();
      o.list_cameras = true;
    } else {
      throw UsageError("unknown option \"" + a.name() + "\"");
    }
  }
  if (o.backend == sat::Backend::Cpu && (algorithm_given || tile_given)) {
    const std::string what = std::string(algorithm_given ? "--algorithm" : "--tile") +
                             " chooses the CUDA backend's SAT kernels: it does nothing with --backend cpu";
    if (runs_unattended(o)) throw UsageError(what);
    o.notes.push_back(what);
  }
  if (o.filter.kind == FilterKind::Sauvola && o.filter.sauvola.window % 2 == 0)
    throw UsageError("--window must be odd for sauvola");
  if (o.filter.kind == FilterKind::Sauvola && o.filter.sauvola.window < 3)
    throw UsageError("--window must be >= 3 for sauvola");
  return o;
}

const char* usage_text() {
  return R"(satlab - live summed-area-table filters on the GPU (CUDA -> OpenGL -> Dear ImGui)

usage: satlab [options]

Source
  --source SPEC        default | synthetic[:WxH] | camera[:N] | PATH (image or video)
                       default: camera 0 if one opens, else the synthetic scene.
                       One that cannot be opened: the synthetic scene in a window; an
                       error (exit status 1) in runs that end by themselves
  --list-cameras       print the cameras that open (indices 0-9) with their size; exit
  --fast               play videos as fast as possible (default: at the file's fps)
Filter (satfilter's names)
  --filter NAME        none | box | threshold | sauvola | bradley | shadows  [box]
  --ksize WxH | N      box kernel (N: NxN), sides 1..8191                [9x9]
  --radius R           box kernel (2R+1)x(2R+1)
  --border NAME        reflect101 | replicate                           [reflect101]
  --block N --C X --invert      threshold (mean-C): odd block >= 3     [11, 2]
  --window N --k X --r X        sauvola: odd window, 0<k<1, r (0 = 127.5) [15, 0.2, 0]
  --window N --t X              bradley: window, t percent              [15, 15]
Soft shadows (--filter shadows: a 3D scene of its own, no source needed)
  --shadow-mode NAME   hard | pcf | savsm | savsm-variable (right of the divider) [savsm-variable]
  --compare-mode NAME  the technique left of the divider                [hard]
  --precision NAME     moment table: fixed32 | fp32-centered | fp32     [fixed32]
  --map-size N         shadow map 512 | 1024 | 2048 | 4096              [1024]
  --box N              filter box in texels (pcf, savsm), 1..255        [15]
  --light-size DEG     angular size of the light (savsm-variable)       [4]
  --min-variance X     lower clamp of the variance (depth units^2)      [1e-5]
  --bleeding X         light-bleeding reduction, 0..0.95                [0.2]
  --light AZ,EL        fixed light direction in degrees (default: the light circles)
  --camera YAW,PITCH,D camera yaw and pitch in degrees, distance        [34,31.5,17]
Summed-area tables
  --backend cuda|cpu   [cuda; the CPU backend when no CUDA device is present]
  --algorithm NAME     2r2w | 2r2w-optimal | 2r1w | 1r1w | (1+r)r1w | 1r1w-skss | 1r1w-skss-lb
  --tile W             32 | 64 | 128 (0 = the algorithm's default)
                       (CUDA only: with --backend cpu a note, or exit status 2 with
                       --frames or --headless)
Display
  --size WxH           window (or off-screen framebuffer) size          [1280x800]
  --zoom Z             framebuffer pixels per image pixel (0 = 1:1 if it fits, else fit)
  --divider F          before/after split: fraction of the width showing the input [0.5]
  --no-interop         show frames through host copies instead of CUDA-GL interop
  --no-vsync           do not wait for the display's refresh
  --hide-ui            start with the panels hidden (Tab shows them)
  --show-help          start with the help overlay shown (F1 hides it)
Runs that end by themselves
  --headless           no window: render off-screen through EGL (automatic without a display;
                       then the screenshot goes to the temporary folder, path printed)
  --frames N           stop after N frames (headless default: 300)
  --screenshot PATH    write a PNG of the whole window at the last frame
  --dump-frame PREFIX  at the last frame write PREFIX.input.png (the source frame),
                       PREFIX.output.png (the filter's output) and PREFIX.view.txt (layout)
  --record PATH        record the filtered output to a video file (.avi: MJPG, .mp4: mp4v)
  --require-cuda       exit with status 77 when the CUDA backend cannot run (for tests)
  --require-interop    exit with status 1 unless frames went through CUDA-GL interop
  --compare-cpu        run the last frame through the CPU backend too; print both stage
                       times; exit with status 1 if the outputs differ in any pixel
  -h, --help           this text

Keys: F1 or H shows them all in the window.
)";
}

}  // namespace satlab
