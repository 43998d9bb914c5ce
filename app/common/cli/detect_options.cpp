#include "common/cli/detect_options.h"

#include <cstdio>
#include <limits>
#include <string>

#include "common/cli/cli_app.h"

namespace satapp::cli {
namespace {

// "WxH" or "N" (NxN), each side in [0, kMaxObjectSide].
sat::Extent parse_size(const std::string& option, const std::string& text) {
  const auto side = [](const std::string& digits, int& out) {
    if (digits.empty() || digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos)
      return false;
    out = std::stoi(digits);
    return out <= kMaxObjectSide;
  };
  const std::size_t x = text.find_first_of("xX");
  const std::string w = text.substr(0, x);
  const std::string h = x == std::string::npos ? w : text.substr(x + 1);
  sat::Extent size;
  if (!side(w, size.width) || !side(h, size.height))
    throw UsageError(option + " needs WxH or N with W, H, N in [0, " + std::to_string(kMaxObjectSide) + "] (got \"" +
                     text + "\")");
  return size;
}

// (1, kMaxScaleFactor]: CLI::Range would take 1 itself.
CLI::Validator scale_factor_range() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        double value = 0;
        if (!CLI::detail::lexical_cast(text, value) || !(value > 1.0 && value <= kMaxScaleFactor))
          return "expected a number > 1 and <= 100, got '" + text + "'";
        return "";
      },
      "");
}

std::string size_text(sat::Extent e) { return std::to_string(e.width) + "x" + std::to_string(e.height); }

}  // namespace

void add_detect_parameter_options(CLI::App& app, sat::DetectParams& params) {
  const sat::DetectParams defaults = params;
  char scale[32];
  std::snprintf(scale, sizeof scale, "%g", defaults.scale_factor);
  add_checked(app, "--scale-factor", params.scale_factor, "F", scale_factor_range(),
              std::string("the step between scales, > 1 and <= 100 (default ") + scale + ", OpenCV's)");
  // CLI::NonNegativeNumber's range ends at the largest double, written out in 309 digits.
  add_checked(app, "--min-neighbors", params.min_neighbors, "N", CLI::Range(0, std::numeric_limits<int>::max()),
              "windows a box needs to be kept, >= 0; 0 keeps every window\nungrouped (default " +
                  std::to_string(defaults.min_neighbors) + ", OpenCV's)");
  add_parsed(
      app, "--min-size", "WxH",
      "the smallest object in pixels, WxH or N for NxN (default " + size_text(defaults.min_size) + ": no minimum)",
      [&params](const std::string& text) { params.min_size = parse_size("--min-size", text); });
  add_parsed(
      app, "--max-size", "WxH",
      "the largest object in pixels, WxH or N for NxN (default " + size_text(defaults.max_size) + ": the frame's size)",
      [&params](const std::string& text) { params.max_size = parse_size("--max-size", text); });
}

}  // namespace satapp::cli
