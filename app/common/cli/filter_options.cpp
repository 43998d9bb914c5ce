#include "common/cli/filter_options.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>

#include "common/cli/cli_app.h"
#include "sat/error.h"

namespace satapp::cli {
namespace {

std::string number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

// "WxH" or "N" (NxN), each side in [1, kMaxWindowSide].
sat::BoxBlurParams parse_ksize(const std::string& text, sat::BoxBlurParams box) {
  const auto side = [](const std::string& digits, int& out) {
    if (digits.empty() || digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos)
      return false;
    out = std::stoi(digits);
    return out >= 1 && out <= kMaxWindowSide;
  };
  const std::size_t x = text.find_first_of("xX");
  const std::string w = text.substr(0, x);
  const std::string h = x == std::string::npos ? w : text.substr(x + 1);
  if (!side(w, box.kernel_width) || !side(h, box.kernel_height))
    throw UsageError("--ksize needs WxH or N with W, H, N in [1, " + std::to_string(kMaxWindowSide) + "] (got \"" +
                     text + "\")");
  return box;
}

std::string describe_filters(const std::vector<ImageFilter>& filters) {
  std::string names;
  for (ImageFilter f : filters) names += (names.empty() ? "" : "/") + std::string(to_string(f));
  return names;
}

}  // namespace

const char* to_string(ImageFilter filter) {
  static constexpr const char* kNames[] = {"box", "threshold", "sauvola", "bradley"};  // in enum order
  return kNames[static_cast<int>(filter)];
}

std::optional<ImageFilter> parse_image_filter(std::string_view name) {
  for (ImageFilter f : kImageFilters)
    if (name == to_string(f)) return f;
  if (name == "mean-c" || name == "adaptive") return ImageFilter::Threshold;
  return std::nullopt;
}

std::string image_filter_help() {
  return "box: box blur, equal to OpenCV's cv::blur; keeps the channels\n"
         "  (gray, BGR, BGRA)\n"
         "threshold (also mean-c, adaptive): adaptive mean-C threshold, equal\n"
         "  to cv::adaptiveThreshold(ADAPTIVE_THRESH_MEAN_C): foreground where\n"
         "  pixel > mean of the block - C\n"
         "sauvola: Sauvola threshold as scikit-image's threshold_sauvola:\n"
         "  T = m * (1 + k * (s / r - 1)) over a window (mean m, standard\n"
         "  deviation s)\n"
         "bradley: Bradley-Roth threshold: foreground where\n"
         "  pixel > (1 - T/100) x mean of the window clipped to the image\n"
         "The thresholds give gray output; color input is converted to gray\n"
         "first (OpenCV's BGR->gray weights). The parameters' ranges are\n"
         "satcore's, checked before anything runs: a value it refuses is a\n"
         "bad command line.";
}

void apply(sat::FilterEngine& engine, ImageFilter filter, const FilterParameters& p, sat::ConstImage8 src,
           sat::Image8 dst, cudaStream_t stream) {
  switch (filter) {
    case ImageFilter::Box: engine.box_blur(src, dst, p.box, stream); return;
    case ImageFilter::Threshold: engine.threshold_mean_c(src, dst, p.mean_c, stream); return;
    case ImageFilter::Sauvola: engine.threshold_sauvola(src, dst, p.sauvola, stream); return;
    case ImageFilter::Bradley: engine.threshold_bradley(src, dst, p.bradley, stream); return;
  }
}

FilterOptions::FilterOptions(CLI::App& app, const std::string& group, const FilterParameters& defaults)
    : parameters_(defaults) {
  using F = ImageFilter;
  const FilterParameters& d = defaults;  // what --help shows
  FilterParameters& p = parameters_;
  const std::string max_side = std::to_string(kMaxWindowSide);
  const int max_radius = (kMaxWindowSide - 1) / 2;
  // The real-valued parameters are checked for finiteness here (satcore's ranges would let some
  // NaN through); the integer ones cannot hold a NaN.

  CLI::Option* ksize =
      add(add_parsed(app, "--ksize", "WxH|N",
                     "box: kernel width x height, each 1.." + max_side + "; N means NxN (default " +
                         std::to_string(d.box.kernel_width) + "x" + std::to_string(d.box.kernel_height) + ")",
                     [&p](const std::string& text) { p.box = parse_ksize(text, p.box); }),
          {F::Box});
  add(app.add_option_function<int>(
          "--radius", [&p](int r) { p.box.kernel_width = p.box.kernel_height = 2 * r + 1; },
          "box: square kernel of (2R+1)x(2R+1), R 0.." + std::to_string(max_radius) + " (instead of --ksize)"),
      {F::Box})
      ->check(CLI::Range(0, max_radius))
      ->excludes(ksize)
      ->option_text("R");
  add(add_parsed(app, "--border", "B",
                 "box: reflect101 | replicate: pixels outside the image (default " +
                     std::string(sat::to_string(d.box.border)) + ")",
                 [&p](const std::string& text) {
                   const std::optional<sat::Border> border = sat::parse_border(text);
                   if (!border) throw UsageError("--border must be reflect101 or replicate (got \"" + text + "\")");
                   p.box.border = *border;
                 }),
      {F::Box});

  add(add_checked(app, "--block", p.mean_c.block, "B", at_most(kMaxWindowSide),
                  "threshold: block size, odd, 3.." + max_side + " (default " + std::to_string(d.mean_c.block) + ")"),
      {F::Threshold});
  add(app.add_option("--C,--c", p.mean_c.C,
                     "threshold: constant subtracted from the mean, may be fractional\nor negative (default " +
                         number(d.mean_c.C) + ")"),
      {F::Threshold})
      ->check(finite_number())
      ->option_text("C");
  add(app.add_flag("--invert", p.mean_c.invert, "threshold: foreground where pixel <= mean - C (THRESH_BINARY_INV)"),
      {F::Threshold});

  add(app.add_option_function<int>(
          "--window", [&p](int w) { p.sauvola.window = p.bradley.window = w; },
          "sauvola: window size, odd, 3.." + max_side + "; bradley: 1.." + max_side + " (default " +
              std::to_string(d.sauvola.window) + ")"),
      {F::Sauvola, F::Bradley})
      ->check(at_most(kMaxWindowSide))
      ->option_text("W");
  add(app.add_option("--k", p.sauvola.k, "sauvola: 0 < K < 1 (default " + number(d.sauvola.k) + ")"), {F::Sauvola})
      ->check(finite_number())
      ->option_text("K");
  add(app.add_option("--r", p.sauvola.r,
                     "sauvola: dynamic range of s, > 0 (default 127.5, half the 8-bit\nrange; 0 means that default)"),
      {F::Sauvola})
      ->check(finite_number())
      ->option_text("R");
  add(app.add_option("--t", p.bradley.t,
                     "bradley: percent below the mean, 0 <= T < 100 (default " + number(d.bradley.t) + ")"),
      {F::Bradley})
      ->check(finite_number())
      ->option_text("T");
  add(app.add_option_function<int>(
          "--max-value",
          [&p](int v) { p.mean_c.max_value = p.sauvola.max_value = p.bradley.max_value = static_cast<uint8_t>(v); },
          "threshold, sauvola, bradley: value of foreground pixels, 1..255\n(default " +
              std::to_string(int(d.mean_c.max_value)) + "); background is 0"),
      {F::Threshold, F::Sauvola, F::Bradley})
      ->check(CLI::Range(1, 255))
      ->option_text("V");

  for (auto& [option, filters] : options_) option->group(group);
}

CLI::Option* FilterOptions::add(CLI::Option* option, std::initializer_list<ImageFilter> filters) {
  options_.emplace_back(option, filters);
  return option;
}

void FilterOptions::require_parameters_of(ImageFilter filter) const {
  for (const auto& [option, filters] : options_)
    if (option->count() > 0 && std::find(filters.begin(), filters.end(), filter) == filters.end())
      throw UsageError(option->get_name() + " does not apply to --filter " + to_string(filter) + " (it is a " +
                       describe_filters(filters) + " parameter)");
}

void FilterOptions::validate(std::optional<ImageFilter> chosen) const {
  for (ImageFilter filter : kImageFilters) {
    bool named = filter == chosen;
    for (const auto& [option, filters] : options_)
      named = named || (option->count() > 0 && filters.size() == 1 && filters[0] == filter);
    if (!named) continue;
    // The library is the one judge of what its filters accept: ask it on a 1x1 image on the CPU.
    uint8_t src = 0, dst = 0;
    try {
      sat::FilterEngine engine(sat::Backend::Cpu, sat::Extent{1, 1});
      apply(engine, filter, parameters_, sat::ConstImage8{&src, 1, 1, 1, 1}, sat::Image8{&dst, 1, 1, 1, 1}, nullptr);
    } catch (const sat::Error& e) {
      if (e.code() != sat::ErrorCode::InvalidArgument) throw;
      std::string reason = e.what();
      if (reason.rfind(e.call() + ": ", 0) == 0) reason.erase(0, e.call().size() + 2);
      throw UsageError("bad --filter " + std::string(to_string(filter)) + " parameter: " + reason);
    }
  }
}

}  // namespace satapp::cli
