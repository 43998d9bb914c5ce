// satlab's command-line options of the shadow demo (--filter shadows), in a group of their own:
// the techniques, the table's precision, the map and box sizes, the light, the start view.
#pragma once

#include <CLI/CLI.hpp>

#include "scenes/shadows/shadow_settings.h"

namespace satlab {

// Adds --shadow-mode, --compare-mode, --precision, --map-size, --box, --light-size,
// --min-variance, --bleeding, --light and --camera, bound to `settings`. A value out of range is
// a UsageError naming the option and the range.
void add_shadow_options(CLI::App& app, ShadowSettings& settings);

}  // namespace satlab
