// --decoder auto|gst|opencv, the one definition satlab and satfilter share (common/gst/
// decoder_choice.h says what each choice decodes with).
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <string>

#include "common/gst/decoder_choice.h"

namespace satapp::cli {

// `named_by` ends the help: where the program names the decoder that ran ("the log and the source
// panel"). A word other than the three is a UsageError naming it.
CLI::Option* add_decoder_option(CLI::App& app, const std::function<void(Decoder)>& set, const std::string& named_by);

}  // namespace satapp::cli
