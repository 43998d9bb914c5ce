// satfilter's detection options: --detect CASCADE.xml, detectMultiScale's parameters (defined
// once for satlab and satfilter: common/cli/detect_options.h) and --draw, and the checks that span
// them and the rest of the command line.
#pragma once

#include <CLI/CLI.hpp>

#include "options.h"

namespace satfilter {

// Adds --detect, --scale-factor, --min-neighbors, --min-size, --max-size and --draw to `app`
// (in its current option group), bound to `detect`.
void add_detect_options(CLI::App& app, DetectRequest& detect);

// Sets cl.detect when --detect was given. Throws Failure(Usage) for a detection parameter
// without --detect, and for --detect with nothing to write its boxes to (neither --json nor
// --draw).
void finish_detect(const CLI::App& app, const DetectRequest& detect, CommandLine& cl);

}  // namespace satfilter
