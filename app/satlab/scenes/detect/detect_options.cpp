#include "scenes/detect/detect_options.h"

#include <string>

#include "common/cli/cli_app.h"
#include "common/cli/detect_options.h"
#include "sat/detect.h"
#include "sat/error.h"

namespace satlab {

void add_detect_options(CLI::App& app, DetectSettings& s) {
  namespace cli = satapp::cli;
  app.option_defaults()->group("Detection (--filter detect)");
  cli::add_parsed(app, "--cascade", "FILE",
                  "an OpenCV Haar cascade (XML), e.g. from " + std::string(kHaarCascadeFolder) +
                      "\n(default haarcascade_frontalface_default.xml); one satcore cannot\nload (an old pre-2.4 "
                      "cascade) is refused",
                  [&s](const std::string& path) {
                    try {
                      sat::load_haar_cascade(path);
                    } catch (const sat::Error& e) {
                      throw cli::UsageError(std::string("--cascade: ") + e.what());
                    }
                    s.cascade = path;
                  });
  cli::add_detect_parameter_options(app, s.params);
}

}  // namespace satlab
