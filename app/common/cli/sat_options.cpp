#include "common/cli/sat_options.h"

#include "common/cli/cli_app.h"

namespace satapp::cli {

std::string algorithm_names(const std::string& separator) {
  std::string names;
  for (sat::Algorithm a : sat::kAllAlgorithms) names += (names.empty() ? "" : separator) + sat::to_string(a);
  return names;
}

CLI::Option* add_backend_option(CLI::App& app, const std::function<void(sat::Backend)>& set,
                                const std::string& default_text) {
  return add_parsed(app, "--backend", "B", "cuda | cpu (default " + default_text + ")", [set](const std::string& text) {
    const auto backend = sat::parse_backend(text);
    if (!backend) throw UsageError("--backend must be cuda or cpu (got \"" + text + "\")");
    set(*backend);
  });
}

CLI::Option* add_algorithm_option(CLI::App& app, const std::function<void(sat::Algorithm)>& set) {
  const std::string help = "summed-area-table algorithm of the cuda backend, one of\n" + algorithm_names(", ") +
                           "\n(default " + sat::to_string(sat::Options{}.algorithm) + ")";
  return add_parsed(app, "--algorithm", "NAME", help, [set](const std::string& text) {
    const auto algorithm = sat::parse_algorithm(text);
    if (!algorithm) throw UsageError("--algorithm must be one of " + algorithm_names(", ") + " (got \"" + text + "\")");
    set(*algorithm);
  });
}

}  // namespace satapp::cli
