// What a slider of the live view offers for one catalog parameter (sat::ParamInfo): the catalog's
// range, narrowed to what a live picture needs. The command line still takes the whole range; a
// value from there outside the slider's range is shown as it is and kept until the slider moves.
//   Int   the catalog's range, its top capped at kLiveSizeCap: a range reaching past the cap is a
//         size in pixels (kernel, block, window, radius; 1..8191 in the catalog), logarithmic so
//         that small windows stay easy to pick; odd-only ranges keep odd ends.
//   Real  the catalog's ends, an open end moved inwards by the parameter's step (a slider reaches
//         its ends); an end beyond ±kUnboundedReal (an unbounded side) is replaced by a span
//         derived from the default: kUnboundedSpan × max(|default|, 10 × step), e.g. C of the
//         mean threshold (default 2) −50..50, the guided filter's eps (default 400, > 0)
//         step..10000. Logarithmic when the range starts at 0 or above and is open above or
//         spans kLogSpan times its start (or step): the variance's scale 1..16384, eps.
//   Bool, Choice: 0..1, 0..choices − 1; Image: no slider.
#pragma once

#include <string>

#include "sat/filter_spec.h"

namespace satlab {

inline constexpr int kLiveSizeCap = 255;
inline constexpr double kUnboundedReal = 1e6;
inline constexpr double kUnboundedSpan = 25;
inline constexpr double kLogSpan = 1000;

struct LiveRange {
  double min = 0, max = 0;
  bool logarithmic = false;
};

LiveRange live_range(const sat::ParamInfo& param, double default_value);

// Whether an Int parameter is a size in pixels (its range reaches past kLiveSizeCap): what the
// [ and ] keys step.
bool is_size(const sat::ParamInfo& param);

// Digits after the decimal point that show a value of this step ("%.2f" for 0.01; 0 for ≥ 1).
int decimals(double step);
// The slider's printf format: "%.{decimals}f", or "%.4g" on a logarithmic range (ImGui rounds a
// slider's value to its format: a fixed step would round the small end away).
std::string slider_format(const LiveRange& range, double step);

}  // namespace satlab
