// Guided filter (He, Sun, Tang): its description in the catalog. PLACEHOLDER until the filter is implemented.
#include "filters/filter_description.h"

namespace sat::filters {

const FilterDescription<GuidedParams>& description(const GuidedParams*) {
  static const FilterDescription<GuidedParams> d{
      FilterInfo{"guided", {}, "Guided filter (He, Sun, Tang) (not implemented yet)", {}, FilterOutput::SameChannels, GuidedParams{}},
      {},
      [](const GuidedParams&) { return std::string("guided"); },
      {}};
  return d;
}

}  // namespace sat::filters
