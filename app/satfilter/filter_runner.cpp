#include "filter_runner.h"

#include <cstdint>
#include <cstdio>

#include "failure.h"
#include "sat/error.h"

namespace satfilter {

int output_channels(const FilterSpec& spec, int input_channels) {
  return spec.kind == FilterKind::Box ? input_channels : 1;
}

void apply_filter(sat::FilterEngine& engine, const FilterSpec& spec, sat::ConstImage8 src, sat::Image8 dst,
                  cudaStream_t stream) {
  switch (spec.kind) {
    case FilterKind::Box: engine.box_blur(src, dst, spec.box, stream); return;
    case FilterKind::Threshold: engine.threshold_mean_c(src, dst, spec.mean_c, stream); return;
    case FilterKind::Sauvola: engine.threshold_sauvola(src, dst, spec.sauvola, stream); return;
    case FilterKind::Bradley: engine.threshold_bradley(src, dst, spec.bradley, stream); return;
  }
}

void check_filter_parameters(const FilterSpec& spec) {
  // The library is the one judge of what its filters accept (e.g. a kernel whose area does not
  // fit in an int): ask it on a 1x1 image on the CPU, before any file is opened, so that a
  // parameter it rejects is a command-line error (exit status 2), not a failed run (1).
  uint8_t src = 0, dst = 0;
  try {
    sat::FilterEngine engine(sat::Backend::Cpu, sat::Extent{1, 1});
    apply_filter(engine, spec, sat::ConstImage8{&src, 1, 1, 1, 1}, sat::Image8{&dst, 1, 1, 1, 1}, nullptr);
  } catch (const sat::Error& e) {
    if (e.code() != sat::ErrorCode::InvalidArgument) throw;
    std::string reason = e.what();
    if (reason.rfind(e.call() + ": ", 0) == 0) reason.erase(0, e.call().size() + 2);
    throw usage_error("bad --filter " + std::string(to_string(spec.kind)) + " parameter: " + reason);
  }
}

std::string describe(const FilterSpec& spec) {
  char text[160];
  switch (spec.kind) {
    case FilterKind::Box:
      std::snprintf(text, sizeof text, "box %dx%d border %s", spec.box.kernel_width, spec.box.kernel_height,
                    sat::to_string(spec.box.border));
      break;
    case FilterKind::Threshold:
      std::snprintf(text, sizeof text, "threshold (mean-C) block %d C %g%s", spec.mean_c.block, spec.mean_c.C,
                    spec.mean_c.invert ? " inverted" : "");
      break;
    case FilterKind::Sauvola:
      std::snprintf(text, sizeof text, "sauvola window %d k %g r %g", spec.sauvola.window, spec.sauvola.k,
                    spec.sauvola.r > 0 ? spec.sauvola.r : 127.5);
      break;
    case FilterKind::Bradley:
      std::snprintf(text, sizeof text, "bradley window %d t %g", spec.bradley.window, spec.bradley.t);
      break;
  }
  return text;
}

}  // namespace satfilter
