// satfilter's command line: parsing, validation and the --help text.
//
//   satfilter INPUT OUTPUT --filter box|threshold|sauvola|bradley [parameters] [options]
//   satfilter -o FOLDER INPUT... --filter ...             (a batch: one output per input)
//
// Every parameter is checked here, before any file is opened, so that a bad command line fails
// fast with one line and leaves nothing behind.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "common/cli/filter_options.h"
#include "sat/filters.h"
#include "sat/sat.h"

namespace satfilter {

// satcore's filters, named and described as satlab names them (common/cli/filter_options.h).
using FilterKind = satapp::cli::ImageFilter;
using satapp::cli::to_string;

// The filter to run and its parameters (only the member of `kind` is used).
struct FilterSpec : satapp::cli::FilterParameters {
  FilterKind kind = FilterKind::Box;
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
  std::string format;               // --format: image format of "-" (stdin/stdout), e.g. "png"
  Overwrite overwrite = Overwrite::Refuse;
  FilterSpec filter;

  std::optional<sat::Backend> backend;  // nullopt: cuda when a device is present, else cpu
  sat::Options sat_options;             // --algorithm, --tile (CUDA backend only)
  bool sat_options_given = false;       // --algorithm or --tile appeared
  int frames_in_flight = 3;             // CUDA pipeline depth (≥ 2)
  std::string fourcc;                   // video codec override; empty: chosen from the extension
  int quality = -1;                     // --quality 1..100 (JPEG/WebP images, MJPG videos); -1: codec default
  bool report = false;                  // --report: the text report on stdout
  std::string json_path;                // --json FILE ("-": stdout): the report as JSON
  bool quiet = false;                   // -q: no notes, no progress
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
