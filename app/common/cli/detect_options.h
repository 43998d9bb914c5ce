// The detection options of satlab and satfilter: detectMultiScale's parameters, defined once so
// that both programs take the same names, forms, ranges and defaults, and give the same boxes on
// the same picture. The defaults are sat::DetectParams's, OpenCV's detectMultiScale defaults
// (scale factor 1.1, 3 neighbours, no minimum or maximum size); the ranges are satcore's
// (sat::Detector refuses the rest too).
#pragma once

#include <CLI/CLI.hpp>

#include "sat/detect.h"

namespace satapp::cli {

// The options add_detect_parameter_options adds, for a program's "needs --detect" checks.
inline constexpr const char* kDetectParameterOptions[] = {"--scale-factor", "--min-neighbors", "--min-size",
                                                          "--max-size"};

// The largest --scale-factor satcore takes (sat::Detector: > 1 and <= 100).
inline constexpr double kMaxScaleFactor = 100.0;
// The largest object side --min-size and --max-size take: sat::Detector's largest frame side.
inline constexpr int kMaxObjectSide = 32768;

// Adds --scale-factor F, --min-neighbors N, --min-size WxH|N and --max-size WxH|N to `app` (in its
// current option group), bound to `params`; what --help shows as defaults are `params`'s values.
void add_detect_parameter_options(CLI::App& app, sat::DetectParams& params);

}  // namespace satapp::cli
