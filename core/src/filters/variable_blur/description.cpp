// Variable-radius blur: its description in the catalog. PLACEHOLDER until the filter is implemented.
#include "filters/filter_description.h"

namespace sat::filters {

const FilterDescription<VariableBlurParams>& description(const VariableBlurParams*) {
  static const FilterDescription<VariableBlurParams> d{
      FilterInfo{"variable-blur", {}, "Variable-radius blur (not implemented yet)", {}, FilterOutput::SameChannels, VariableBlurParams{}},
      {},
      [](const VariableBlurParams&) { return std::string("variable-blur"); },
      {}};
  return d;
}

}  // namespace sat::filters
