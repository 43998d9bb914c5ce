// satlab: live summed-area-table filters. Parses the options, picks a window or the headless
// (EGL) mode, runs the app; the one place that catches what nothing below could handle.
#include <unistd.h>
#include <opencv2/core/utils/logger.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>

#include "app_options.h"
#include "capture/requested_outputs.h"
#include "capture/screenshot.h"
#include "common/cuda/backend_choice.h"
#include "common/files/interrupt.h"
#include "display/gl_context.h"
#include "log/message_log.h"
#include "pipeline/filter_image_file.h"
#include "sat/device.h"
#include "satlab_app.h"
#include "sources/camera_probe.h"

namespace {

bool has_display() {
  const char* x11 = std::getenv("DISPLAY");
  const char* wayland = std::getenv("WAYLAND_DISPLAY");
  return (x11 && *x11) || (wayland && *wayland);
}

// Headless without --frames: a run that ends by itself. Without a display (and no --headless),
// the screenshot nobody asked for goes to the temporary folder, never into the folder satlab was
// started from (scripts/run.sh starts it in the repository), under a name of its own each run
// (satlab-headless-DATE-TIME-PID.png): it never replaces an earlier file.
void headless_defaults(satlab::AppOptions& options, bool announce_screenshot) {
  if (options.frames == 0) options.frames = satlab::kDefaultHeadlessFrames;
  if (announce_screenshot && options.screenshot.empty()) {
    std::error_code ec;
    const std::filesystem::path folder = std::filesystem::temp_directory_path(ec);
    options.screenshot = satlab::new_capture_path(ec ? "/tmp" : folder.string(), "satlab-headless",
                                                  "-" + std::to_string(::getpid()) + ".png");
  }
  std::fprintf(stderr, "satlab: running headless for %d frames%s%s\n", options.frames,
               options.screenshot.empty() ? "" : "; screenshot -> ", options.screenshot.c_str());
}

// --list-cameras. Exit status 0 whether or not there are any: the list is the answer.
int list_cameras() {
  if (!SATLAB_MEDIA_IO) {
    std::printf("satlab: this build has no camera support (SATLAB_MEDIA_IO=OFF)\n");
    return 0;
  }
  const auto cameras = satlab::probe_cameras();
  for (const auto& c : cameras) {
    if (c.width > 0)
      std::printf("camera %d: %dx%d   (--source camera:%d)\n", c.index, c.width, c.height, c.index);
    else
      std::printf("camera %d: opens, size unknown (sent no frame)   (--source camera:%d)\n", c.index, c.index);
  }
  if (cameras.empty()) std::printf("satlab: no camera found (indices 0-%d probed)\n", satlab::kProbedCameraIndices - 1);
  return 0;
}

// Decodes the files given for the filters' Image parameters (--radius-map) into
// options.filter.images. One that cannot be used fails a run that ends by itself (exit status 1,
// naming the file and the reason); in a window the filter runs without it, with a warning.
void read_filter_images(satlab::AppOptions& options, satlab::MessageLog& log) {
  for (const auto& [filter, file] : options.filter_image_files) {
    try {
      options.filter.images[filter].push_back(satlab::read_filter_image_file(file.param, file.option, file.path));
    } catch (const satlab::SourceError& e) {
      if (satlab::runs_unattended(options)) throw;
      log.warning(std::string(e.what()) + ": the filter runs without it");
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  using namespace satlab;
  AppOptions options;
  try {
    options = parse_app_options(argc, argv);
  } catch (const UsageError& e) {
    std::fprintf(stderr, "satlab: %s\n(satlab --help lists the options)\n", e.what());
    return 2;
  }
  if (options.help) {
    std::fputs(usage_text().c_str(), stdout);
    return 0;
  }
  try {
    cv::utils::logging::setLogLevel(cv::utils::logging::LOG_LEVEL_ERROR);  // faults are reported by satlab
    if (options.list_cameras) return list_cameras();
    const std::string cuda_problem = options.backend == sat::Backend::Cuda ? sat::cuda_unavailable_reason() : "";
    if (options.require_cuda) {
      if (!cuda_problem.empty() || options.backend != sat::Backend::Cuda) {
        std::fprintf(stderr, "satlab: --require-cuda: %s: skipping\n",
                     cuda_problem.empty() ? "the CPU backend was selected" : cuda_problem.c_str());
        return 77;
      }
    }
    // An explicit --backend cuda that cannot run fails as satfilter's does (status 1, same words);
    // without --backend the pipeline selector falls back to the CPU and says so.
    satapp::choose_backend(options.backend_given ? std::optional(options.backend) : std::nullopt, cuda_problem);
    // Ctrl-C stops the run after the frame (a second one, or a stuck unwind, at once);
    // temporaries never survive.
    satapp::files::install_interrupt_handlers("satlab");
    if (!options.headless && !has_display()) {
      std::fprintf(stderr, "satlab: no display (neither DISPLAY nor WAYLAND_DISPLAY is set)\n");
      options.headless = true;
      headless_defaults(options, true);
    } else if (options.headless) {
      headless_defaults(options, false);
    }
    check_requested_outputs(options);  // before any work: a file that cannot be written fails the run now

    MessageLog log;
    for (const std::string& note : options.notes) log.warning(note);
    read_filter_images(options, log);
    std::unique_ptr<GlContext> gl;
    if (!options.headless) {
      try {
        gl = create_window_context(options.width, options.height, options.vsync);
      } catch (const GlContextError& e) {
        log.warning(std::string(e.what()) + ": going headless");
        options.headless = true;
        headless_defaults(options, true);
      }
    }
    if (!gl) gl = create_headless_context(options.width, options.height, 0);
    log.info(gl->description());

    SatlabApp app(options, *gl, log);
    return app.run();
  } catch (const UsageError& e) {  // an output that is an input (capture/requested_outputs.h)
    std::fprintf(stderr, "satlab: error: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "satlab: error: %s\n", e.what());
    return 1;
  }
}
