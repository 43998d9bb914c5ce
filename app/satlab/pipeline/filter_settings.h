// The image filter the pipelines run and its parameters: one value type shared by the command
// line, the control panel and the pipelines. Parameter names and semantics are satfilter's
// (sat/filters.h). Only what the pipelines filter: the shadow demo is a scene of its own
// (scene/scene_settings.h), so the pipelines know nothing of it.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "sat/filters.h"

namespace satlab {

// The filters of the live view, in the order the filter menu lists them.
enum class FilterKind { None, Box, Threshold, Sauvola, Bradley };

inline constexpr FilterKind kAllFilterKinds[] = {FilterKind::None, FilterKind::Box, FilterKind::Threshold,
                                                 FilterKind::Sauvola, FilterKind::Bradley};

const char* to_string(FilterKind kind);  // "none", "box", "threshold", "sauvola", "bradley"
std::optional<FilterKind> parse_filter_kind(std::string_view name);
// Whether the filter's output is one gray channel (the thresholds) rather than the source colours.
bool outputs_gray(FilterKind kind);

struct FilterSettings {
  FilterKind kind = FilterKind::Box;
  sat::BoxBlurParams box{};  // satcore's default (3x3), as satfilter and the Python module
  sat::MeanCParams mean_c{};
  sat::SauvolaParams sauvola{};
  sat::BradleyParams bradley{};
};

// One line for logs and overlays, e.g. "box 9x9 reflect101", "sauvola window 15 k 0.2 r 127.5".
std::string describe(const FilterSettings& settings);

}  // namespace satlab
