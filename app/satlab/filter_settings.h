// The filter satlab shows and its parameters: one value type shared by the command line, the
// control panel and the pipelines. Parameter names and semantics are satfilter's (sat/filters.h).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "sat/filters.h"
#include "shadows/shadow_settings.h"

namespace satlab {

// The filters of the live view. Shadows is the soft-shadow demo: a 3D scene of its own instead of
// the source's frames (shadows/shadow_demo.h).
enum class FilterKind { None, Box, Threshold, Sauvola, Bradley, Shadows };

inline constexpr FilterKind kAllFilterKinds[] = {FilterKind::None,    FilterKind::Box,
                                                 FilterKind::Threshold, FilterKind::Sauvola,
                                                 FilterKind::Bradley, FilterKind::Shadows};

const char* to_string(FilterKind kind);  // "none", "box", "threshold", "sauvola", "bradley", "shadows"
std::optional<FilterKind> parse_filter_kind(std::string_view name);
// Whether the filter's output is one gray channel (the thresholds) rather than the source colours.
bool outputs_gray(FilterKind kind);

struct FilterSettings {
  FilterKind kind = FilterKind::Box;
  sat::BoxBlurParams box{9, 9, sat::Border::Reflect101};
  sat::MeanCParams mean_c{};
  sat::SauvolaParams sauvola{};
  sat::BradleyParams bradley{};
  ShadowSettings shadows{};
};

// The split view's labels, left and right of the divider: "before" / "after" for the image filters;
// the shadow demo compares two techniques, so their names (compare_mode, mode).
struct SplitLabels {
  std::string left, right;
};
SplitLabels split_labels(const FilterSettings& settings);

// One line for logs and overlays, e.g. "box 9x9 reflect101", "sauvola window 15 k 0.2 r 127.5",
// "shadows savsm-variable map 1024 fixed32".
std::string describe(const FilterSettings& settings);

}  // namespace satlab
