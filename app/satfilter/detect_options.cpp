#include "detect_options.h"

#include <string>

#include "common/cli/cli_app.h"
#include "common/cli/detect_options.h"
#include "failure.h"

namespace satfilter {

namespace cli = satapp::cli;

void add_detect_options(CLI::App& app, DetectRequest& detect) {
  app.add_option("--detect", detect.cascade,
                 "find objects in each image or frame (the input, before --filter)\n"
                 "with an OpenCV Haar cascade (e.g. /usr/share/opencv4/haarcascades/\n"
                 "haarcascade_frontalface_default.xml), as OpenCV's\n"
                 "CascadeClassifier::detectMultiScale does; the boxes go to the --json\n"
                 "report (\"detections\" of each run: one list of {x, y, w, h} per\n"
                 "frame) and with --draw into OUTPUT. Without --filter, OUTPUT is the\n"
                 "input (with the boxes when --draw). A cascade that cannot be read,\n"
                 "another format (an old pre-2.4 or LBP cascade): exit status 1")
      ->option_text("CASCADE");
  cli::add_detect_parameter_options(app, detect.params);
  app.add_flag("--draw", detect.draw,
               "burn the boxes into OUTPUT: a 2-pixel outline inside each box,\ngreen on color, white on gray");
}

void finish_detect(const CLI::App& app, const DetectRequest& detect, CommandLine& cl) {
  if (!cli::given(app, "--detect")) {
    for (const std::string& name : cli::detect_parameter_options())
      if (cli::given(app, name.c_str())) throw usage_error(name + " needs --detect CASCADE.xml");
    if (cli::given(app, "--draw")) throw usage_error("--draw needs --detect CASCADE.xml");
    return;
  }
  if (detect.cascade.empty()) throw usage_error("--detect needs a cascade file name");
  if (!detect.draw && cl.json_path.empty())
    throw usage_error(
        "--detect writes its boxes to --json FILE (or --json - for stdout) or, with --draw, into OUTPUT: "
        "give one of them");
  cl.detect = detect;
}

}  // namespace satfilter
