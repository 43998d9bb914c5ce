#include "options.h"

#include <opencv2/core/version.hpp>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string_view>
#include <vector>

#include "failure.h"

#ifndef SATFILTER_VERSION
#define SATFILTER_VERSION "unknown"
#endif

namespace satfilter {

const char* to_string(FilterKind kind) {
  switch (kind) {
    case FilterKind::Box: return "box";
    case FilterKind::Threshold: return "threshold";
    case FilterKind::Sauvola: return "sauvola";
    case FilterKind::Bradley: return "bradley";
  }
  return "?";
}

namespace {

// Which filters an option belongs to (bit set of FilterKind); kGeneral: every filter.
constexpr unsigned bit(FilterKind kind) { return 1u << static_cast<unsigned>(kind); }
constexpr unsigned kGeneral = 0;
constexpr unsigned kAllThresholds =
    bit(FilterKind::Threshold) | bit(FilterKind::Sauvola) | bit(FilterKind::Bradley);

struct OptionSpec {
  const char* name;  // without the leading "--"
  bool takes_value;
  unsigned filters;  // kGeneral or a set of bit(FilterKind)
};

constexpr OptionSpec kOptions[] = {
    {"filter", true, kGeneral},
    {"ksize", true, bit(FilterKind::Box)},
    {"radius", true, bit(FilterKind::Box)},
    {"border", true, bit(FilterKind::Box)},
    {"block", true, bit(FilterKind::Threshold)},
    {"C", true, bit(FilterKind::Threshold)},
    {"invert", false, bit(FilterKind::Threshold)},
    {"window", true, bit(FilterKind::Sauvola) | bit(FilterKind::Bradley)},
    {"k", true, bit(FilterKind::Sauvola)},
    {"r", true, bit(FilterKind::Sauvola)},
    {"t", true, bit(FilterKind::Bradley)},
    {"max-value", true, kAllThresholds},
    {"backend", true, kGeneral},
    {"algorithm", true, kGeneral},
    {"tile", true, kGeneral},
    {"frames-in-flight", true, kGeneral},
    {"fourcc", true, kGeneral},
    {"quality", true, kGeneral},
    {"output", true, kGeneral},
    {"format", true, kGeneral},
    {"overwrite", false, kGeneral},
    {"no-overwrite", false, kGeneral},
    {"report", false, kGeneral},
    {"json", true, kGeneral},
    {"quiet", false, kGeneral},
    {"progress", false, kGeneral},
    {"no-progress", false, kGeneral},
    {"help", false, kGeneral},
    {"version", false, kGeneral},
};

const OptionSpec* find_option(std::string_view name) {
  for (const OptionSpec& spec : kOptions)
    if (name == spec.name) return &spec;
  return nullptr;
}

std::string quote(std::string_view text) { return "'" + std::string(text) + "'"; }

std::string format_number(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%g", value);
  return buffer;
}

long long parse_integer(const std::string& option, const std::string& text) {
  errno = 0;
  char* end = nullptr;
  const long long value = std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || end != text.c_str() + text.size())
    throw usage_error("--" + option + ": expected an integer, got " + quote(text));
  if (errno == ERANGE || value < -(1LL << 30) || value > (1LL << 30))
    throw usage_error("--" + option + ": " + text + " is out of range");
  return value;
}

double parse_real(const std::string& option, const std::string& text) {
  errno = 0;
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || errno == ERANGE || !std::isfinite(value))
    throw usage_error("--" + option + ": expected a number, got " + quote(text));
  return value;
}

[[noreturn]] void out_of_range(const std::string& option, const std::string& rule,
                               const std::string& text) {
  throw usage_error("--" + option + " must be " + rule + " (got " + text + ")");
}

int parse_odd_at_least_3(const std::string& option, const std::string& text) {
  const long long value = parse_integer(option, text);
  if (value < 3) out_of_range(option, "an odd integer >= 3", text);
  if (value % 2 == 0) out_of_range(option, "odd", text);
  return static_cast<int>(value);
}

// "WxH" or "N" (N×N), each ≥ 1.
void parse_ksize(const std::string& text, sat::BoxBlurParams& box) {
  const std::size_t x = text.find_first_of("xX");
  const std::string w = text.substr(0, x);
  const std::string h = x == std::string::npos ? w : text.substr(x + 1);
  if (w.empty() || h.empty())
    throw usage_error("--ksize: expected WxH or N, got " + quote(text));
  const long long kw = parse_integer("ksize", w);
  const long long kh = parse_integer("ksize", h);
  if (kw < 1 || kh < 1) out_of_range("ksize", "at least 1x1", text);
  box.kernel_width = static_cast<int>(kw);
  box.kernel_height = static_cast<int>(kh);
}

FilterKind parse_filter(const std::string& text) {
  for (FilterKind kind : {FilterKind::Box, FilterKind::Threshold, FilterKind::Sauvola, FilterKind::Bradley})
    if (text == to_string(kind)) return kind;
  if (text == "mean-c" || text == "adaptive") return FilterKind::Threshold;
  throw usage_error("unknown filter " + quote(text) + " (expected box, threshold, sauvola or bradley)");
}

std::string filters_of(unsigned filters) {
  std::string names;
  for (FilterKind kind : {FilterKind::Box, FilterKind::Threshold, FilterKind::Sauvola, FilterKind::Bradley}) {
    if (!(filters & bit(kind))) continue;
    if (!names.empty()) names += "/";
    names += to_string(kind);
  }
  return names;
}

void apply_filter_options(const std::map<std::string, std::string>& values, FilterSpec& spec) {
  auto get = [&](const char* name) -> const std::string* {
    const auto it = values.find(name);
    return it == values.end() ? nullptr : &it->second;
  };
  switch (spec.kind) {
    case FilterKind::Box: {
      if (get("ksize") && get("radius")) throw usage_error("give either --ksize or --radius, not both");
      if (const std::string* v = get("ksize")) parse_ksize(*v, spec.box);
      if (const std::string* v = get("radius")) {
        const long long r = parse_integer("radius", *v);
        if (r < 0) out_of_range("radius", ">= 0", *v);
        spec.box.kernel_width = spec.box.kernel_height = static_cast<int>(2 * r + 1);
      }
      if (const std::string* v = get("border")) {
        const std::optional<sat::Border> border = sat::parse_border(*v);
        if (!border) throw usage_error("unknown --border " + quote(*v) + " (expected reflect101 or replicate)");
        spec.box.border = *border;
      }
      break;
    }
    case FilterKind::Threshold:
      if (const std::string* v = get("block")) spec.mean_c.block = parse_odd_at_least_3("block", *v);
      if (const std::string* v = get("C")) spec.mean_c.C = parse_real("C", *v);
      spec.mean_c.invert = get("invert") != nullptr;
      break;
    case FilterKind::Sauvola:
      if (const std::string* v = get("window")) spec.sauvola.window = parse_odd_at_least_3("window", *v);
      if (const std::string* v = get("k")) {
        spec.sauvola.k = parse_real("k", *v);
        if (!(spec.sauvola.k > 0 && spec.sauvola.k < 1)) out_of_range("k", "in (0, 1)", *v);
      }
      if (const std::string* v = get("r")) {
        spec.sauvola.r = parse_real("r", *v);
        if (spec.sauvola.r < 0) out_of_range("r", "> 0 (or 0 for the default 127.5)", *v);
      }
      break;
    case FilterKind::Bradley:
      if (const std::string* v = get("window")) {
        const long long w = parse_integer("window", *v);
        if (w < 1) out_of_range("window", ">= 1", *v);
        spec.bradley.window = static_cast<int>(w);
      }
      if (const std::string* v = get("t")) {
        spec.bradley.t = parse_real("t", *v);
        if (!(spec.bradley.t >= 0 && spec.bradley.t < 100)) out_of_range("t", "in [0, 100)", *v);
      }
      break;
  }
  if (const std::string* v = get("max-value")) {
    const long long m = parse_integer("max-value", *v);
    if (m < 1 || m > 255) out_of_range("max-value", "in [1, 255]", *v);
    spec.mean_c.max_value = spec.sauvola.max_value = spec.bradley.max_value = static_cast<uint8_t>(m);
  }
}

void apply_general_options(const std::map<std::string, std::string>& values, CommandLine& cl) {
  auto get = [&](const char* name) -> const std::string* {
    const auto it = values.find(name);
    return it == values.end() ? nullptr : &it->second;
  };
  if (const std::string* v = get("backend")) {
    cl.backend = sat::parse_backend(*v);
    if (!cl.backend) throw usage_error("unknown --backend " + quote(*v) + " (expected cuda or cpu)");
  }
  if (const std::string* v = get("algorithm")) {
    const std::optional<sat::Algorithm> algorithm = sat::parse_algorithm(*v);
    if (!algorithm) {
      std::string names;
      for (sat::Algorithm a : sat::kAllAlgorithms) names += std::string(names.empty() ? "" : ", ") + sat::to_string(a);
      throw usage_error("unknown --algorithm " + quote(*v) + " (expected one of " + names + ")");
    }
    cl.sat_options.algorithm = *algorithm;
    cl.sat_options_given = true;
  }
  if (const std::string* v = get("tile")) {
    const long long tile = parse_integer("tile", *v);
    bool known = false;
    for (int t : sat::kTileSizes) known = known || tile == t;
    if (!known) out_of_range("tile", "32, 64 or 128", *v);
    if (!sat::is_tiled(cl.sat_options.algorithm))
      throw usage_error(std::string("--tile does not apply to --algorithm ") + sat::to_string(cl.sat_options.algorithm) +
                        " (not a tiled algorithm)");
    cl.sat_options.tile = static_cast<int>(tile);
    cl.sat_options_given = true;
  }
  if (const std::string* v = get("frames-in-flight")) {
    const long long n = parse_integer("frames-in-flight", *v);
    if (n < 2 || n > 16) out_of_range("frames-in-flight", "in [2, 16]", *v);
    cl.frames_in_flight = static_cast<int>(n);
  }
  if (const std::string* v = get("fourcc")) {
    if (v->size() != 4) throw usage_error("--fourcc: expected four characters (e.g. MJPG), got " + quote(*v));
    cl.fourcc = *v;
  }
  if (const std::string* v = get("quality")) {
    const long long q = parse_integer("quality", *v);
    if (q < 1 || q > 100) out_of_range("quality", "in [1, 100]", *v);
    cl.quality = static_cast<int>(q);
  }
  if (const std::string* v = get("format")) {
    std::string format = *v;
    if (!format.empty() && format[0] == '.') format.erase(0, 1);
    for (char& c : format) c = char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    if (format.empty() || format.find_first_of("/%") != std::string::npos)
      throw usage_error("--format: expected an image format such as png or jpg, got " + quote(*v));
    cl.format = format;
  }
  if (get("overwrite") && get("no-overwrite")) throw usage_error("give either -y or -n, not both");
  if (get("overwrite")) cl.overwrite = Overwrite::Replace;
  cl.report = get("report") != nullptr;
  if (const std::string* v = get("json")) {
    if (v->empty()) throw usage_error("--json needs a file name (or - for stdout)");
    cl.json_path = *v;
  }
  cl.quiet = get("quiet") != nullptr;
  if (get("progress") && get("no-progress")) throw usage_error("give either --progress or --no-progress, not both");
  if (get("progress") && cl.quiet) throw usage_error("give either --progress or -q, not both");
  if (get("progress")) cl.progress = ProgressMode::Always;
  if (get("no-progress") || cl.quiet) cl.progress = ProgressMode::Never;

  // stdout carries one thing at a time.
  const bool image_to_stdout = cl.output == "-";
  if (image_to_stdout && cl.report) throw usage_error("--report prints on stdout, where OUTPUT - goes; use --json FILE");
  if (image_to_stdout && cl.json_path == "-") throw usage_error("--json - and OUTPUT - would both write to stdout");
  if (cl.report && cl.json_path == "-") throw usage_error("give either --report or --json -, not both on stdout");
}

}  // namespace

CommandLine parse_command_line(int argc, const char* const* argv) {
  CommandLine cl;
  std::vector<std::string> positional;
  std::map<std::string, std::string> values;  // option name → value ("" for flags)
  bool options_done = false;

  // --help wins over everything else on the line, even over mistakes.
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--") break;
    if (arg == "--help" || arg == "-h") {
      cl.help = true;
      return cl;
    }
  }

  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (options_done || arg.size() < 2 || arg[0] != '-') {
      positional.push_back(arg);
      continue;
    }
    if (arg == "--") {
      options_done = true;
      continue;
    }
    // The short options of ffmpeg and ImageMagick users' habits.
    if (arg == "-q" || arg == "-y" || arg == "-n") {
      values[arg == "-q" ? "quiet" : arg == "-y" ? "overwrite" : "no-overwrite"] = "";
      continue;
    }
    if (arg == "-o") {
      if (i + 1 >= argc) throw usage_error("-o needs a value");
      values["output"] = argv[++i];
      continue;
    }
    if (arg.compare(0, 2, "--") != 0) throw usage_error("unknown option " + quote(arg) + " (see --help)");

    std::string name = arg.substr(2);
    std::optional<std::string> inline_value;
    if (const std::size_t eq = name.find('='); eq != std::string::npos) {
      inline_value = name.substr(eq + 1);
      name.resize(eq);
    }
    if (name == "c") name = "C";
    const OptionSpec* spec = find_option(name);
    if (!spec) throw usage_error("unknown option " + quote("--" + name) + " (see --help)");
    if (name == "version") {
      cl.version = true;
      return cl;
    }
    if (!spec->takes_value) {
      if (inline_value) throw usage_error("--" + name + " takes no value");
      values[name] = "";
      continue;
    }
    if (inline_value) {
      values[name] = *inline_value;
    } else {
      if (i + 1 >= argc) throw usage_error("--" + name + " needs a value");
      values[name] = argv[++i];  // may start with '-': "--radius -1" is a (bad) value
    }
  }
  if (const auto output = values.find("output"); output != values.end()) {
    if (positional.empty()) throw usage_error("missing INPUT (see --help)");
    if (output->second.empty()) throw usage_error("-o needs a file or folder name");
    cl.inputs = positional;
    cl.output = output->second;
    cl.output_option = true;
  } else {
    if (positional.empty()) throw usage_error("missing INPUT and OUTPUT (see --help)");
    if (positional.size() == 1) throw usage_error("missing OUTPUT (see --help)");
    if (positional.size() > 2)
      throw usage_error("unexpected argument " + quote(positional[2]) +
                        " (expected INPUT OUTPUT; for several inputs give -o FOLDER)");
    cl.inputs = {positional[0]};
    cl.output = positional[1];
  }

  const auto filter = values.find("filter");
  if (filter == values.end()) throw usage_error("missing --filter (box, threshold, sauvola or bradley)");
  cl.filter.kind = parse_filter(filter->second);

  for (const auto& [name, value] : values) {
    const OptionSpec* spec = find_option(name);
    if (spec->filters != kGeneral && !(spec->filters & bit(cl.filter.kind)))
      throw usage_error("--" + name + " does not apply to --filter " + to_string(cl.filter.kind) + " (it is a " +
                        filters_of(spec->filters) + " parameter)");
  }
  apply_filter_options(values, cl.filter);
  apply_general_options(values, cl);
  return cl;
}

std::string help_text() {
  const sat::BoxBlurParams box;
  const sat::MeanCParams mean_c;
  const sat::SauvolaParams sauvola;
  const sat::BradleyParams bradley;
  const sat::Options sat_options;
  const CommandLine defaults;
  std::string algorithms;
  for (sat::Algorithm a : sat::kAllAlgorithms) algorithms += std::string(algorithms.empty() ? "" : ", ") + sat::to_string(a);

  std::string t;
  t += "Usage: satfilter INPUT OUTPUT --filter box|threshold|sauvola|bradley [PARAMETERS] [OPTIONS]\n";
  t += "       satfilter -o FOLDER INPUT... --filter ... [PARAMETERS] [OPTIONS]\n";
  t += "\n";
  t += "Filters an image or a video with summed-area tables (satcore), on the GPU or the CPU.\n";
  t += "INPUT and OUTPUT are images (png, jpg, pgm/ppm, tif, bmp, webp...) or videos (avi, mp4,\n";
  t += "mkv, mov, webm... anything OpenCV's VideoCapture/VideoWriter reads or writes); the kind is\n";
  t += "chosen from the extension and both must be of the same kind. A video is processed frame\n";
  t += "by frame at the same size and frame rate. Images must have 8 bits per channel: 16-bit and\n";
  t += "float images are refused (exit status 1), not scaled down. The output is written to a\n";
  t += "temporary file in OUTPUT's directory and renamed at the end: on any error or interruption\n";
  t += "nothing is left behind.\n";
  t += "\n";
  t += "Inputs and outputs:\n";
  t += "  -o FOLDER            write FOLDER/<input's file name> for every INPUT (a shell glob gives\n";
  t += "                       many); FOLDER must exist. In order; the first failure stops the batch\n";
  t += "                       (outputs already complete stay). -o FILE with one INPUT is OUTPUT.\n";
  t += "  frame_%04d.png       an image sequence (printf-style %d or %0Nd) as INPUT or OUTPUT, read\n";
  t += "                       from the first number among 0..4 to the last consecutive one, and\n";
  t += "                       treated as a video; output numbers follow the input's (from 1 for\n";
  t += "                       a video), written all at once at the end. Sequences have no frame\n";
  t += "                       rate: a video made from one is written at 25 fps.\n";
  t += "  -                    INPUT: one image read from stdin; OUTPUT: one image on stdout\n";
  t += "  --format EXT         the image format of OUTPUT - (png, jpg, bmp...); required there\n";
  t += "  -n                   never overwrite (the default): an existing OUTPUT is an error (exit 1)\n";
  t += "  -y                   overwrite an existing OUTPUT. OUTPUT may never be INPUT itself (the\n";
  t += "                       same file under any name): that is refused, exit status 2\n";
  t += "  --quality Q          1..100: JPEG/WebP image quality, or MJPG video quality (.avi; then\n";
  t += "                       OpenCV's own MJPEG writer is used). Default: the encoder's own (JPEG\n";
  t += "                       95; videos: FFmpeg's through OpenCV). Other video codecs have no\n";
  t += "                       quality setting in OpenCV 4.6; .mkv stays lossless (FFV1).\n";
  t += "\n";
  t += "Filters and their parameters:\n";
  t += "  box         Box blur, equal to OpenCV's cv::blur; keeps the channels (gray, BGR, BGRA).\n";
  t += "    --ksize WxH        kernel width x height, each >= 1; N means NxN (default " +
       std::to_string(box.kernel_width) + "x" + std::to_string(box.kernel_height) + ")\n";
  t += "    --radius R         square kernel of (2R+1)x(2R+1), R >= 0 (instead of --ksize)\n";
  t += "    --border B         reflect101 | replicate: pixels outside the image (default " +
       std::string(sat::to_string(box.border)) + ")\n";
  t += "  threshold   Adaptive mean-C threshold, equal to cv::adaptiveThreshold(ADAPTIVE_THRESH_MEAN_C):\n";
  t += "              foreground where pixel > mean of the block - C. Gray output.\n";
  t += "    --block B          block size, odd >= 3 (default " + std::to_string(mean_c.block) + ")\n";
  t += "    --C C              constant subtracted from the mean, may be fractional or negative (default " +
       format_number(mean_c.C) + ")\n";
  t += "    --invert           foreground where pixel <= mean - C (THRESH_BINARY_INV)\n";
  t += "  sauvola     Sauvola threshold as scikit-image's threshold_sauvola: T = m * (1 + k * (s / r - 1))\n";
  t += "              over a window (mean m, standard deviation s). Gray output.\n";
  t += "    --window W         window size, odd >= 3 (default " + std::to_string(sauvola.window) + ")\n";
  t += "    --k K              0 < K < 1 (default " + format_number(sauvola.k) + ")\n";
  t += "    --r R              dynamic range of s, > 0 (default 127.5, half the 8-bit range)\n";
  t += "  bradley     Bradley-Roth threshold: foreground where pixel > (1 - T/100) x mean of the\n";
  t += "              window clipped to the image. Gray output.\n";
  t += "    --window W         window size, >= 1 (default " + std::to_string(bradley.window) + ")\n";
  t += "    --t T              percent below the mean, 0 <= T < 100 (default " + format_number(bradley.t) + ")\n";
  t += "  All three thresholds:\n";
  t += "    --max-value V      value of foreground pixels, 1..255 (default " + std::to_string(int(mean_c.max_value)) +
       "); background is 0\n";
  t += "  Color input is converted to gray first (OpenCV's BGR->gray weights).\n";
  t += "\n";
  t += "Options:\n";
  t += "  --backend B          cuda | cpu (default: cuda when a CUDA device is present, else cpu)\n";
  t += "  --algorithm NAME     summed-area-table algorithm of the cuda backend, one of\n";
  t += "                       " + algorithms + "\n";
  t += "                       (default " + std::string(sat::to_string(sat_options.algorithm)) + ")\n";
  t += "  --tile W             tile size of tiled algorithms: 32, 64 or 128 (default: the algorithm's best)\n";
  t += "  --frames-in-flight N frames in the cuda pipeline at once, 2..16 (default " +
       std::to_string(defaults.frames_in_flight) + ")\n";
  t += "  --fourcc CODE        video codec (default from OUTPUT's extension: .avi MJPG, .mp4/.m4v/.mov\n";
  t += "                       mp4v, .mkv FFV1 (lossless) else MJPG, .webm VP90 else VP80)\n";
  t += "  --report             print per-stage times (decode, upload, SAT, filter, download, encode)\n";
  t += "                       and throughput at the end of each run, on stdout\n";
  t += "  --json FILE          the same report as JSON, one entry per input in \"runs\" (FILE - is\n";
  t += "                       stdout); stage times in ms under \"stages_ms\", rates under \"throughput\"\n";
  t += "  --progress           always show the progress bar of videos on stderr\n";
  t += "  --no-progress        never show it (default: only when stderr is a terminal)\n";
  t += "  -q, --quiet          no notes and no progress bar; errors are still printed on stderr\n";
  t += "  --help, -h           this text\n";
  t += "  --version            version of satfilter and OpenCV\n";
  t += "\n";
  t += "Exit status: 0 on success, 1 when an input cannot be read or filtered (e.g. 16-bit) or an\n";
  t += "output cannot be written (or exists, without -y), 2 on a bad command line (including a\n";
  t += "parameter out of satcore's range, or OUTPUT = INPUT), 130 when interrupted (a second\n";
  t += "Ctrl-C ends at once, still removing the temporary output).\n";
  t += "\n";
  t += "Examples:\n";
  t += "  satfilter photo.jpg blurred.png --filter box --radius 7\n";
  t += "  satfilter scan.png binary.png --filter sauvola --window 25 --k 0.3\n";
  t += "  satfilter in.mp4 out.mkv --filter bradley --window 31 --t 10 --report\n";
  t += "  satfilter -o binarized/ scans/*.png --filter sauvola --json report.json\n";
  t += "  satfilter frame_%04d.png out_%04d.png --filter box --radius 3\n";
  t += "  cat in.png | satfilter - - --format png --filter box > out.png\n";
  return t;
}

std::string version_number() { return SATFILTER_VERSION; }

std::string version_text() { return "satfilter " + version_number() + " (satcore, OpenCV " + CV_VERSION + ")"; }

}  // namespace satfilter
