#include "filter_runner.h"

#include <cstdio>

namespace satfilter {

int output_channels(const FilterSpec& spec, int input_channels) {
  return spec.kind == FilterKind::Box ? input_channels : 1;
}

void apply_filter(sat::FilterEngine& engine, const FilterSpec& spec, sat::ConstImage8 src, sat::Image8 dst,
                  cudaStream_t stream) {
  satapp::cli::apply(engine, spec.kind, spec, src, dst, stream);
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
