// Local statistics: its description in the catalog. PLACEHOLDER until the filter is implemented.
#include "filters/filter_description.h"

namespace sat::filters {

const FilterDescription<LocalStatsParams>& description(const LocalStatsParams*) {
  static const FilterDescription<LocalStatsParams> d{
      FilterInfo{"local", {}, "Local statistics (not implemented yet)", {}, FilterOutput::SameChannels, LocalStatsParams{}},
      {},
      [](const LocalStatsParams&) { return std::string("local"); },
      {}};
  return d;
}

}  // namespace sat::filters
