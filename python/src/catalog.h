// satcore's filter catalog for Python, read through the C ABI (sat_filter_count, sat_filter_param_info,
// ...): the package builds satcore.filters() and checks satcore.filter()'s keyword arguments from it,
// so a filter added to satcore needs no edit here.
#pragma once

#include <pybind11/pybind11.h>

namespace satpy {

// filter_catalog() → [{"name", "summary", "gray_output", "params": [{"name", "kind", "min", "max",
// "min_open", "max_open", "odd", "choices", "default", "step", "help", "range"}, ...]}, ...] in
// catalog order; find_filter(name) → index or -1; filter_footprint(index, params, function) →
// (halo_y, halo_x, position_dependent).
void bind_catalog(pybind11::module_& m);

}  // namespace satpy
