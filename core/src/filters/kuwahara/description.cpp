// Kuwahara filter: its description in the catalog. PLACEHOLDER until the filter is implemented.
#include "filters/filter_description.h"

namespace sat::filters {

const FilterDescription<KuwaharaParams>& description(const KuwaharaParams*) {
  static const FilterDescription<KuwaharaParams> d{
      FilterInfo{"kuwahara", {}, "Kuwahara filter (not implemented yet)", {}, FilterOutput::SameChannels, KuwaharaParams{}},
      {},
      [](const KuwaharaParams&) { return std::string("kuwahara"); },
      {}};
  return d;
}

}  // namespace sat::filters
