// The summed-area-table options satlab and satfilter share: --backend and --algorithm, with
// satcore's names (--tile differs: satlab takes 0 for the algorithm's default).
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <string>

#include "sat/filters.h"
#include "sat/sat.h"

namespace satapp::cli {

// satcore's algorithm names in its order, `separator` between them.
std::string algorithm_names(const std::string& separator);

// --backend cuda|cpu; `default_text` says what runs without it.
CLI::Option* add_backend_option(CLI::App& app, const std::function<void(sat::Backend)>& set,
                                const std::string& default_text);
// --algorithm NAME, one of satcore's.
CLI::Option* add_algorithm_option(CLI::App& app, const std::function<void(sat::Algorithm)>& set);

}  // namespace satapp::cli
