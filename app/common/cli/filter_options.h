// The filter parameters of satlab and satfilter: one definition of their names, aliases, help
// text, defaults (satcore's own parameter structs) and ranges. The ranges are satcore's filter
// validation, asked once on a 1x1 image before anything runs; the command line adds only what
// satcore cannot know: the syntax (WxH, names) and the largest side the programs take.
#pragma once

#include <cuda_runtime_api.h>

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sat/filters.h"

namespace satapp::cli {

// satcore's image filters, as --filter names them.
enum class ImageFilter { Box, Threshold, Sauvola, Bradley };
inline constexpr ImageFilter kImageFilters[] = {ImageFilter::Box, ImageFilter::Threshold, ImageFilter::Sauvola,
                                                ImageFilter::Bradley};
const char* to_string(ImageFilter filter);  // "box", "threshold", "sauvola", "bradley"
// A name or an alias ("mean-c" and "adaptive" are threshold).
std::optional<ImageFilter> parse_image_filter(std::string_view name);
// One paragraph per filter (what it computes, its OpenCV or scikit-image twin), for --filter's help.
std::string image_filter_help();

// The largest kernel, block or window side the programs take (satlab's sliders stay far below;
// satcore alone would take larger kernels whose area fits in an int).
inline constexpr int kMaxWindowSide = 8191;

// The parameters of every filter; satcore's defaults unless a program starts elsewhere.
struct FilterParameters {
  sat::BoxBlurParams box;
  sat::MeanCParams mean_c;
  sat::SauvolaParams sauvola;
  sat::BradleyParams bradley;
};

// Runs `filter` (asynchronously on `stream` for the CUDA backend).
void apply(sat::FilterEngine& engine, ImageFilter filter, const FilterParameters& parameters, sat::ConstImage8 src,
           sat::Image8 dst, cudaStream_t stream);

// The options --ksize, --radius, --border, --block, --C, --invert, --window, --k, --r, --t and
// --max-value, added in one help group to an App set up by configure() (cli_app.h: its rules
// apply to them); parsing writes them into parameters(), which start at `defaults` (--help shows
// them). Bound by address: neither copied nor moved.
class FilterOptions {
 public:
  FilterOptions(CLI::App& app, const std::string& group, const FilterParameters& defaults = {});
  FilterOptions(const FilterOptions&) = delete;
  FilterOptions& operator=(const FilterOptions&) = delete;

  const FilterParameters& parameters() const { return parameters_; }

  // Refuses a parameter that `filter` does not have ("--block does not apply to --filter box").
  void require_parameters_of(ImageFilter filter) const;
  // satcore's validation of `chosen`'s parameters, and of every filter one of whose own
  // parameters is on the command line (--block alone: threshold's). Throws UsageError
  // "bad --filter sauvola parameter: window must be odd (got 8)".
  void validate(std::optional<ImageFilter> chosen) const;

 private:
  CLI::Option* add(CLI::Option* option, std::initializer_list<ImageFilter> filters);

  FilterParameters parameters_;
  std::vector<std::pair<CLI::Option*, std::vector<ImageFilter>>> options_;  // each with its filters
};

}  // namespace satapp::cli
