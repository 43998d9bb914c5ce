// Kuwahara filter: its description in the catalog (sat/filter_spec.h).
#include <string>

#include "filters/filter_description.h"
#include "filters/kuwahara/kuwahara_pass.h"
#include "filters/param_builders.h"

namespace sat::filters {

const FilterDescription<KuwaharaParams>& description(const KuwaharaParams*) {
  static const FilterDescription<KuwaharaParams> d{
      FilterInfo{"kuwahara",
                 {},
                 "Kuwahara filter: each pixel takes the mean of the least-variant of the four "
                 "(radius+1)x(radius+1) quadrants that have it as a corner (variance of the gray value, "
                 "ties to the first of top-left, top-right, bottom-left, bottom-right; means per channel, "
                 "rounded half up), reflect-101 border: edge-preserving, painterly smoothing. All integer, "
                 "from summed-area tables {sum g, sum g^2} and the channels' sums. Channels kept.",
                 {int_param("radius", 1, kMaxKuwaharaRadius,
                            "quadrant side minus one, in pixels (may exceed the image)")},
                 FilterOutput::SameChannels,
                 KuwaharaParams{}},
      {member(&KuwaharaParams::radius)},
      [](const KuwaharaParams& p) { return "kuwahara radius " + std::to_string(p.radius); },
      {}};
  return d;
}

}  // namespace sat::filters
