// The detection options of satlab and satfilter, generated from satcore's catalog of detection
// parameters (sat/detect_params.h): one option per parameter, its name in --kebab-case, its
// range, help and default the catalog's, so that both programs take the same names, forms,
// ranges and defaults, and give the same boxes on the same picture. A number takes a number
// (--scale-factor F, --min-neighbors N), a size WxH or N for NxN (--min-size, --max-size).
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "sat/detect.h"

namespace satapp::cli {

// The options add_detect_parameter_options adds ("--scale-factor", ...), for a program's
// "needs --detect" checks.
std::vector<std::string> detect_parameter_options();

// Adds the catalog's options to `app` (in its current option group), bound to `params`; what
// --help shows as defaults are `params`'s values.
void add_detect_parameter_options(CLI::App& app, sat::DetectParams& params);

}  // namespace satapp::cli
