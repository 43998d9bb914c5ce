// satfilter's command line on CLI11. The filter parameters are satlab's too
// (common/cli/filter_options.h); what is satfilter's own is here: inputs and outputs, the
// pipeline, the report.
#include "options.h"

#include <opencv2/core/version.hpp>

#include "common/cli/cli_app.h"
#include "common/cli/decoder_option.h"
#include "common/cli/sat_options.h"
#include "detect_options.h"
#include "failure.h"

#ifndef SATFILTER_VERSION
#define SATFILTER_VERSION "unknown"
#endif

namespace satfilter {
namespace {

namespace cli = satapp::cli;

std::string quote(const std::string& text) { return "'" + text + "'"; }

// --max-pixels' upper end: beyond OpenCV's own limit for images (2^30), room for video frames.
constexpr std::uint64_t kMaxPixelsLimit = std::uint64_t(1) << 40;

const char* const kHead =
    "Usage: satfilter INPUT OUTPUT --filter NAME [PARAMETERS] [OPTIONS]\n"
    "       satfilter -o FOLDER INPUT... --filter ... [PARAMETERS] [OPTIONS]\n"
    "       satfilter INPUT OUTPUT --detect CASCADE.xml [--draw] [--json FILE] [--filter ...]\n"
    "\n"
    "Filters an image or a video with summed-area tables (satcore), on the GPU or the CPU, and\n"
    "finds objects in it (--detect: Viola-Jones with OpenCV's Haar cascades on the same tables).\n"
    "INPUT and OUTPUT are images (png, jpg, pgm/ppm, tif, bmp, webp...) or videos (avi, mp4,\n"
    "mkv, mov, webm... anything OpenCV's VideoCapture/VideoWriter reads or writes); the kind is\n"
    "chosen from the extension and both must be of the same kind. A video is processed frame\n"
    "by frame at the same size and frame rate. Images have 8 bits per channel, or 16 (PNG,\n"
    "TIFF, PGM/PPM, and sequences of them) for the filters marked [16-bit too] under\n"
    "--filter: the output is then 16-bit, in a format that holds it. Float images, a 16-bit\n"
    "image for another filter or for --detect, and a truncated file (a JPEG too, which\n"
    "OpenCV alone would fill with gray) are refused (exit status 1), never scaled down.\n"
    "The output is written to a temporary file in OUTPUT's directory and renamed at the end:\n"
    "on any error or interruption nothing is left behind. A video is read back before it is\n"
    "renamed (OpenCV's writer hides write errors such as a full disk); one that does not give\n"
    "back every frame is an error.\n"
    "\n"
    "INPUT and OUTPUT may also be:\n"
    "  frame_%04d.png       an image sequence (printf-style %d or %0Nd), read from the first\n"
    "                       number among 0..4 to the last consecutive one, and treated as a\n"
    "                       video; output numbers follow the input's (from 1 for a video),\n"
    "                       written all at once at the end. Sequences have no frame rate: a\n"
    "                       video made from one is written at 25 fps, or --fps R.\n"
    "  -                    INPUT: one image read from stdin; OUTPUT: one image on stdout\n"
    "                       (refused when stdout is a terminal)\n"
    "INPUT may also be a FIFO or a device holding one image: it is read once, to its end, and\n"
    "no further than the largest image accepted (--max-pixels); one that starts like no image\n"
    "(/dev/zero) is refused after its first bytes.\n\n";

const char* const kFooter =
    "Exit status: 0 on success, 1 when an input cannot be read or filtered (e.g. 16-bit) or an\n"
    "output cannot be written (or exists, without -y), 2 on a bad command line (including a\n"
    "parameter out of satcore's range, NaN, or OUTPUT = INPUT), 130 when interrupted: one\n"
    "Ctrl-C or SIGTERM ends any run (at once while it waits for its input, else after the\n"
    "current frame or within 2 s), removing the temporary output; a later run of the same\n"
    "OUTPUT removes what a run killed with SIGKILL left.\n"
    "\n"
    "Examples:\n"
    "  satfilter photo.jpg blurred.png --filter box --radius 7\n"
    "  satfilter scan.png binary.png --filter sauvola --window 25 --k 0.3\n"
    "  satfilter in.mp4 out.mkv --filter bradley --window 31 --t 10 --report\n"
    "  satfilter -o binarized/ scans/*.png --filter sauvola --json report.json\n"
    "  satfilter frame_%04d.png out_%04d.png --filter box --radius 3\n"
    "  satfilter group.jpg faces.png --draw --json faces.json \\\n"
    "      --detect /usr/share/opencv4/haarcascades/haarcascade_frontalface_default.xml\n"
    "  cat in.png | satfilter - - --format png --filter box > out.png\n";

// The options, bound to what one parse fills in; checks that span several options come after.
struct Parser {
  CLI::App app{"", "satfilter"};
  std::vector<std::string> positional;
  std::string filter_name;
  DetectRequest detect;
  int tile = 0;
  bool overwrite = false, keep = false, progress = false, no_progress = false;
  CommandLine options;
  std::optional<cli::FilterOptions> filter;  // the catalog's parameters, added after every other option

  Parser();
  void finish();
};

Parser::Parser() {
  CommandLine& cl = options;
  cli::configure(app, kHead, kFooter);
  app.add_option("INPUT", positional)->group("");  // INPUT OUTPUT, or INPUT... with -o

  app.option_defaults()->group("Inputs and outputs");
  app.add_option("-o,--output", cl.output,
                 "write FOLDER/<input's file name> for every INPUT (a shell glob gives\n"
                 "many); FOLDER must exist. In order; the first failure stops the batch\n"
                 "and no output lands (see --keep-going). -o FILE with one INPUT is\n"
                 "OUTPUT.")
      ->option_text("FOLDER");
  app.add_flag("--keep-going", cl.keep_going,
               "a batch goes on past an input that fails: its error is printed, it is\n"
               "listed under \"failures\" in --json, its output is not written, the\n"
               "outputs of the others are; the exit status is that of the first\n"
               "failure. Checks made before any input is read (an output that\n"
               "exists, a bad command line) still stop the run at once");
  cli::add_parsed(app, "--format", "EXT",
                  "the format of every output (png, jpg, bmp... mp4...): of OUTPUT - (an\n"
                  "image format; required there), of a batch's outputs (FOLDER/<input's\n"
                  "name>.EXT) and of an OUTPUT without an extension (given .EXT). An\n"
                  "OUTPUT whose extension says another format is refused (exit status 2)",
                  [&cl](const std::string& text) {
                    std::string format = text;
                    if (!format.empty() && format[0] == '.') format.erase(0, 1);
                    for (char& c : format) c = char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
                    if (format.empty() || format.find_first_of("/%") != std::string::npos)
                      throw cli::UsageError("--format: expected a format such as png or jpg, got " + quote(text));
                    cl.format = format;
                  });
  cli::add_checked(app, "--max-pixels", cl.max_pixels, "N", CLI::Range(std::uint64_t(1), kMaxPixelsLimit),
                   "the largest image (or video frame) read, in pixels, 1.." + std::to_string(kMaxPixelsLimit) +
                       "\n"
                       "(default " +
                       std::to_string(satapp::image::kDefaultMaxPixels) +
                       ": 16384x16384). Images are judged by their header,\n"
                       "before decoding (a small PNG may announce 32767x32767); a stream\n"
                       "(stdin, a FIFO, a device) is read no further than such an image\n"
                       "takes (16 bytes a pixel and 16 MiB, 2 GiB at most)");
  app.add_flag("-n", keep, "never overwrite (the default): an existing OUTPUT is an error (exit 1)");
  app.add_flag("-y", overwrite,
               "overwrite an existing OUTPUT. OUTPUT may never be INPUT itself (the\n"
               "same file under any name): that is refused, exit status 2");
  app.add_flag("--no-overwrite", keep)->group("");  // long forms of -n and -y
  app.add_flag("--overwrite", overwrite)->group("");
  cli::add_checked(app, "--quality", cl.quality, "Q", CLI::Range(1, 100),
                   "1..100: JPEG/WebP image quality, or MJPG video quality (.avi; then\n"
                   "OpenCV's own MJPEG writer is used). Default: the encoder's own (JPEG\n"
                   "95; videos: FFmpeg's through OpenCV). Other video codecs have no\n"
                   "quality setting in OpenCV 4.6; .mkv stays lossless (FFV1).");

  const std::string filters = "Filters and their parameters";
  app.option_defaults()->group(filters);
  app.add_option("--filter", filter_name, "the filter (required unless --detect is given):\n" + cli::filter_help())
      ->option_text("NAME");

  app.option_defaults()->group("Detection (Viola-Jones)");
  add_detect_options(app, detect);

  app.option_defaults()->group("Options");
  cli::add_backend_option(
      app, [&cl](sat::Backend backend) { cl.backend = backend; }, "cuda when a CUDA device is present, else cpu");
  cli::add_algorithm_option(app, [&cl](sat::Algorithm algorithm) { cl.sat_options.algorithm = algorithm; });
  cli::add_checked(app, "--tile", tile, "W", CLI::IsMember({32, 64, 128}),
                   "tile size of tiled algorithms: 32, 64 or 128 (default: the\nalgorithm's best)");
  cli::add_checked(app, "--frames-in-flight", cl.frames_in_flight, "N", CLI::Range(2, 16),
                   "frames in the cuda pipeline at once, 2..16 (default " + std::to_string(cl.frames_in_flight) + ")");
  cli::add_parsed(app, "--fourcc", "CODE",
                  "video codec (default from OUTPUT's extension: .avi MJPG, .mp4/.m4v/.mov\n"
                  "avc1 (H.264) else mp4v, .mkv FFV1 (lossless) else MJPG, .webm VP90\n"
                  "else VP80; the second where FFmpeg has no encoder for the first, with\n"
                  "a note)",
                  [&cl](const std::string& text) {
                    if (text.size() != 4)
                      throw cli::UsageError("--fourcc: expected four characters (e.g. MJPG), got " + quote(text));
                    cl.fourcc = text;
                  });
  cli::add_checked(app, "--fps", cl.fps, "R", CLI::Range(0.01, 1000.0),
                   "frame rate of a video OUTPUT, 0.01..1000 (default: the input video's;\n"
                   "25 for an image sequence, which has none)");
  cli::add_decoder_option(
      app, [&cl](satapp::Decoder decoder) { cl.decoder = decoder; }, "The report (--report, --json) and a note");
  app.add_flag("--report", cl.report,
               "print per-stage times (decode, upload, SAT, filter, download, encode)\n"
               "and throughput at the end of each run, on stdout");
  app.add_option("--json", cl.json_path,
                 "the same report as JSON, one entry per input in \"runs\" (FILE - is\n"
                 "stdout); stage times in ms under \"stages_ms\", rates under \"throughput\";\n"
                 "inputs that failed (--keep-going) in \"failures\" with their \"error\".\n"
                 "FILE is an output like OUTPUT: never an INPUT or an OUTPUT, replaced\n"
                 "only with -y, written whole or not at all")
      ->option_text("FILE");
  app.add_flag("--progress", progress, "always show the progress bar of videos on stderr");
  app.add_flag("--no-progress", no_progress, "never show it (default: only when stderr is a terminal)");
  app.add_flag("-q,--quiet", cl.quiet, "no notes and no progress bar; errors are still printed on stderr");
  cli::add_help_flag(app, "Options");
  app.add_flag("--version", "version of satfilter and OpenCV");
  // The catalog's parameters last, so that a parameter named like one of satfilter's options is
  // renamed (filter_options.h) rather than clashing; --help lists them after --filter, in its group.
  filter.emplace(app, filters);
}

// What CLI11 cannot say per option: the positionals' forms, the filter and which parameters
// belong to it, options that exclude each other or share stdout.
void Parser::finish() {
  CommandLine& cl = options;
  if (cli::given(app, "--output")) {
    if (positional.empty()) throw usage_error("missing INPUT (see --help)");
    if (cl.output.empty()) throw usage_error("-o needs a file or folder name");
    cl.inputs = positional;
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

  finish_detect(app, detect, cl);
  if (cli::given(app, "--filter")) {
    const sat::FilterInfo& chosen = cli::find_filter_or_refuse(filter_name);
    filter->require_parameters_of(chosen);
    cl.filter = filter->spec_of(chosen);
    cl.filter_images = filter->image_files(chosen);
  } else if (!cl.detect) {
    throw usage_error("missing --filter (" + cli::filter_names() + ") or --detect CASCADE.xml");
  } else {
    filter->require_no_parameters();
  }

  cl.sat_options_given = cli::given(app, "--algorithm") || cli::given(app, "--tile");
  if (cli::given(app, "--tile")) {
    if (!sat::is_tiled(cl.sat_options.algorithm))
      throw usage_error(std::string("--tile does not apply to --algorithm ") +
                        sat::to_string(cl.sat_options.algorithm) + " (not a tiled algorithm)");
    cl.sat_options.tile = tile;
  }
  if (overwrite && keep) throw usage_error("give either -y or -n, not both");
  if (overwrite) cl.overwrite = Overwrite::Replace;
  if (cli::given(app, "--json") && cl.json_path.empty())
    throw usage_error("--json needs a file name (or - for stdout)");
  if (progress && no_progress) throw usage_error("give either --progress or --no-progress, not both");
  if (progress && cl.quiet) throw usage_error("give either --progress or -q, not both");
  if (progress) cl.progress = ProgressMode::Always;
  if (no_progress || cl.quiet) cl.progress = ProgressMode::Never;

  // stdout carries one thing at a time.
  const bool image_to_stdout = cl.output == "-";
  if (image_to_stdout && cl.report)
    throw usage_error("--report prints on stdout, where OUTPUT - goes; use --json FILE");
  if (image_to_stdout && cl.json_path == "-") throw usage_error("--json - and OUTPUT - would both write to stdout");
  if (cl.report && cl.json_path == "-") throw usage_error("give either --report or --json -, not both on stdout");
}

}  // namespace

CommandLine parse_command_line(int argc, const char* const* argv) {
  if (!cli::has_flag(argc, argv, {"-h", "--help"}) && cli::has_flag(argc, argv, {"--version"})) {
    CommandLine cl;
    cl.version = true;
    return cl;
  }
  try {
    return cli::parse_or_help<CommandLine, Parser>(argc, argv);
  } catch (const cli::UsageError& e) {
    throw usage_error(e.what());
  }
}

std::string help_text() { return Parser().app.help(); }

std::string version_number() { return SATFILTER_VERSION; }

std::string version_text() { return "satfilter " + version_number() + " (satcore, OpenCV " + CV_VERSION + ")"; }

}  // namespace satfilter
