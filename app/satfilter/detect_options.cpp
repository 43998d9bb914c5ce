#include "detect_options.h"

#include <cstdio>
#include <limits>
#include <string>

#include "common/cli/cli_app.h"
#include "failure.h"

namespace satfilter {
namespace {

namespace cli = satapp::cli;

// The largest frame side satcore's detector takes (sat::Detector's max extent).
constexpr int kMaxSide = 32768;

// "WxH" or "N" (NxN), each side in [0, kMaxSide].
sat::Extent parse_size(const std::string& option, const std::string& text) {
  const auto side = [](const std::string& digits, int& out) {
    if (digits.empty() || digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos)
      return false;
    out = std::stoi(digits);
    return out <= kMaxSide;
  };
  const std::size_t x = text.find_first_of("xX");
  const std::string w = text.substr(0, x);
  const std::string h = x == std::string::npos ? w : text.substr(x + 1);
  sat::Extent size;
  if (!side(w, size.width) || !side(h, size.height))
    throw cli::UsageError(option + " needs WxH or N with W, H, N in [0, " + std::to_string(kMaxSide) + "] (got \"" +
                          text + "\")");
  return size;
}

// satcore's range of the scale factor (sat::Detector refuses the rest too): (1, 100].
CLI::Validator scale_factor_range() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        double value = 0;
        if (!CLI::detail::lexical_cast(text, value) || !(value > 1.0 && value <= 100.0))
          return "expected a number > 1 and <= 100, got '" + text + "'";
        return "";
      },
      "");
}

const char* const kDetectOptions[] = {"--scale-factor", "--min-neighbors", "--min-size", "--max-size", "--draw"};

}  // namespace

void add_detect_options(CLI::App& app, DetectRequest& detect) {
  const sat::DetectParams defaults;
  char scale[32];
  std::snprintf(scale, sizeof scale, "%g", defaults.scale_factor);
  app.add_option("--detect", detect.cascade,
                 "find objects in each image or frame (the input, before --filter)\n"
                 "with an OpenCV Haar cascade (e.g. /usr/share/opencv4/haarcascades/\n"
                 "haarcascade_frontalface_default.xml), as OpenCV's\n"
                 "CascadeClassifier::detectMultiScale does; the boxes go to the --json\n"
                 "report (\"detections\" of each run: one list of {x, y, w, h} per\n"
                 "frame) and with --draw into OUTPUT. Without --filter, OUTPUT is the\n"
                 "input (with the boxes when --draw). A cascade that cannot be read,\n"
                 "another format or one with tilted features: exit status 1")
      ->option_text("CASCADE");
  cli::add_checked(app, "--scale-factor", detect.params.scale_factor, "F", scale_factor_range(),
                   std::string("the step between scales, > 1 and <= 100 (default ") + scale + ")");
  // CLI::NonNegativeNumber's range ends at the largest double, written out in 309 digits.
  cli::add_checked(app, "--min-neighbors", detect.params.min_neighbors, "N",
                   CLI::Range(0, std::numeric_limits<int>::max()),
                   "windows a box needs to be kept, >= 0; 0 keeps every window\nungrouped (default " +
                       std::to_string(defaults.min_neighbors) + ")");
  cli::add_parsed(app, "--min-size", "WxH", "the smallest object in pixels (default 0x0: no minimum)",
                  [&detect](const std::string& text) { detect.params.min_size = parse_size("--min-size", text); });
  cli::add_parsed(app, "--max-size", "WxH", "the largest object in pixels (default 0x0: the frame's size)",
                  [&detect](const std::string& text) { detect.params.max_size = parse_size("--max-size", text); });
  app.add_flag("--draw", detect.draw,
               "burn the boxes into OUTPUT: a 2-pixel outline inside each box,\ngreen on color, white on gray");
}

void finish_detect(const CLI::App& app, const DetectRequest& detect, CommandLine& cl) {
  if (!cli::given(app, "--detect")) {
    for (const char* name : kDetectOptions)
      if (cli::given(app, name)) throw usage_error(std::string(name) + " needs --detect CASCADE.xml");
    return;
  }
  if (detect.cascade.empty()) throw usage_error("--detect needs a cascade file name");
  if (!detect.draw && cl.json_path.empty())
    throw usage_error("--detect writes its boxes to --json FILE (or --json - for stdout) or, with --draw, into OUTPUT: "
                      "give one of them");
  cl.detect = detect;
}

}  // namespace satfilter
