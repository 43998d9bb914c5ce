#include "detect/detect_options.h"

#include <string>

#include "common/cli/cli_app.h"
#include "sat/detect.h"
#include "sat/error.h"

namespace satlab {

void add_detect_options(CLI::App& app, DetectSettings& s) {
  namespace cli = satapp::cli;
  const DetectSettings defaults;
  app.option_defaults()->group("Detection (--filter detect)");
  cli::add_parsed(app, "--cascade", "FILE",
                  "an OpenCV Haar cascade (XML), e.g. from " + std::string(kHaarCascadeFolder) +
                      "\n(default haarcascade_frontalface_default.xml); one with tilted\nfeatures is refused",
                  [&s](const std::string& path) {
                    try {
                      sat::load_haar_cascade(path);
                    } catch (const sat::Error& e) {
                      throw cli::UsageError(std::string("--cascade: ") + e.what());
                    }
                    s.cascade = path;
                  });
  cli::add_checked(app, "--scale-factor", s.scale_factor, "F", CLI::Range(1.01, 4.0),
                   "the pyramid's step between scales, 1.01..4 (default " + std::to_string(defaults.scale_factor).substr(0, 3) + ")");
  cli::add_checked(app, "--min-neighbors", s.min_neighbors, "N", CLI::Range(0, 100),
                   "overlapping windows an object needs, 0..100 (0: every window,\nno grouping; default " +
                       std::to_string(defaults.min_neighbors) + ")");
  cli::add_checked(app, "--min-size", s.min_size, "PX", CLI::Range(0, 4096),
                   "smallest object side in frame pixels, 0..4096 (default " + std::to_string(defaults.min_size) + ")");
}

}  // namespace satlab
