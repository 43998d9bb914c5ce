// satlab's command-line options of the detect scene (--filter detect): the cascade and
// detectMultiScale's parameters, in a group of their own.
#pragma once

#include <CLI/CLI.hpp>

#include "scenes/detect/detect_settings.h"

namespace satlab {

// Adds --cascade and detectMultiScale's parameters as satfilter has them (--scale-factor,
// --min-neighbors, --min-size, --max-size: common/cli/detect_options.h), bound to `settings`. --cascade
// loads the file at once: one satcore cannot load (missing, truncated, another format, an
// inconsistent cascade) is a UsageError whose message names the file and the reason.
void add_detect_options(CLI::App& app, DetectSettings& settings);

}  // namespace satlab
