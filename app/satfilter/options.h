// satfilter's command line: parsing, validation and the --help text.
//
//   satfilter INPUT OUTPUT --filter NAME [parameters] [options]    (NAME: satcore's filter catalog)
//   satfilter -o FOLDER INPUT... --filter ...             (a batch: one output per input)
//   satfilter INPUT OUTPUT --detect CASCADE.xml [--draw] [--json FILE] [--filter ...]
//
// Every parameter is checked here, before any file is opened, so that a bad command line fails
// fast with one line and leaves nothing behind.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/cli/filter_options.h"
#include "common/gst/decoder_choice.h"
#include "common/image/image_limits.h"
#include "sat/detect.h"
#include "sat/filter_spec.h"
#include "sat/filters.h"
#include "sat/sat.h"

namespace satfilter {

// --detect: Viola-Jones detection with an OpenCV Haar cascade on every image or frame (the
// input, before any filter).
struct DetectRequest {
  std::string cascade;       // --detect FILE
  sat::DetectParams params;  // --scale-factor, --min-neighbors, --min-size, --max-size
  bool draw = false;         // --draw: the boxes burnt into OUTPUT
};

enum class ProgressMode { Auto, Always, Never };  // Auto: only when stderr is a terminal

// What to do when an output file exists already (never when it is the input itself).
enum class Overwrite { Refuse, Replace };  // default and -n: refuse; -y: replace

struct CommandLine {
  bool help = false;
  bool version = false;

  std::vector<std::string> inputs;  // one, or several with -o FOLDER; "-" is stdin
  std::string output;               // a file, a printf-style sequence, "-" (stdout) or a folder
  bool output_option = false;       // OUTPUT came from -o (then every positional is an input)
  std::string format;               // --format: the format of every output (e.g. "png"); required for "-"
  std::uint64_t max_pixels = satapp::image::kDefaultMaxPixels;  // --max-pixels: larger inputs are refused
  Overwrite overwrite = Overwrite::Refuse;
  // --filter and its parameters, judged by satcore's catalog (none: --detect alone, OUTPUT is
  // the input). Image parameters are unbound: their files are in filter_images.
  std::optional<sat::FilterSpec> filter;
  std::vector<satapp::cli::ImageFile> filter_images;
  std::optional<DetectRequest> detect;

  std::optional<sat::Backend> backend;  // nullopt: cuda when a device is present, else cpu
  sat::Options sat_options;             // --algorithm, --tile (CUDA backend only)
  bool sat_options_given = false;       // --algorithm or --tile appeared
  int frames_in_flight = 3;             // CUDA pipeline depth (≥ 2)
  std::string fourcc;                   // video codec override; empty: chosen from the extension
  double fps = 0;                       // --fps: frame rate of video outputs; 0: the input's (25 without one)
  satapp::Decoder decoder = satapp::Decoder::Auto;  // --decoder: who decodes video inputs
  int quality = -1;         // --quality 1..100 (JPEG/WebP images, MJPG videos); -1: codec default
  bool report = false;      // --report: the text report on stdout
  std::string json_path;    // --json FILE ("-": stdout): the report as JSON
  bool keep_going = false;  // --keep-going: a failed input does not end the batch
  bool quiet = false;       // -q: no notes, no progress
  ProgressMode progress = ProgressMode::Auto;
};

// Parses and validates argv (the filter's parameters by satcore itself). Throws Failure(Usage)
// with a one-line message on any problem. With --help or --version, returns at once with that
// flag set (other arguments unchecked).
CommandLine parse_command_line(int argc, const char* const* argv);

// The text printed by --help (every filter and parameter, with defaults and ranges).
std::string help_text();

// "satfilter 0.1.0 (satcore, OpenCV x.y.z)"
std::string version_text();
// "0.1.0"
std::string version_number();

}  // namespace satfilter
