// See catalog.h.
#include "catalog.h"

#include <pybind11/stl.h>

#include <stdexcept>
#include <string>

#include "sat/sat_c.h"

namespace py = pybind11;

namespace satpy {
namespace {

const char* kind_name(int kind) {
  switch (kind) {
    case SAT_PARAM_INT: return "int";
    case SAT_PARAM_REAL: return "real";
    case SAT_PARAM_BOOL: return "bool";
    case SAT_PARAM_CHOICE: return "choice";
    case SAT_PARAM_IMAGE: return "image";
    default: return "unknown";
  }
}

std::string text_or_empty(const char* text) { return text ? text : ""; }

py::dict param_entry(int filter, int param) {
  sat_param_info info{};
  if (sat_filter_param_info(filter, param, &info) != SAT_OK) throw std::runtime_error(sat_last_error());
  py::list choices;
  for (int c = 0; c < info.choice_count; ++c) choices.append(text_or_empty(sat_filter_param_choice(filter, param, c)));
  py::dict d;
  d["name"] = text_or_empty(info.name);
  d["kind"] = kind_name(info.kind);
  d["min"] = info.min;
  d["max"] = info.max;
  d["min_open"] = info.min_open != 0;
  d["max_open"] = info.max_open != 0;
  d["odd"] = info.odd != 0;
  d["choices"] = py::tuple(choices);
  d["default"] = info.default_value;
  d["step"] = info.step;
  d["help"] = text_or_empty(info.help);
  d["range"] = text_or_empty(sat_filter_param_range(filter, param));
  return d;
}

py::list filter_catalog() {
  py::list filters;
  for (int f = 0; f < sat_filter_count(); ++f) {
    py::list params;
    for (int p = 0; p < sat_filter_param_count(f); ++p) params.append(param_entry(f, p));
    py::dict d;
    d["name"] = text_or_empty(sat_filter_name(f));
    d["summary"] = text_or_empty(sat_filter_summary(f));
    d["gray_output"] = sat_filter_gray_output(f) == 1;
    d["params"] = params;
    filters.append(d);
  }
  return filters;
}

}  // namespace

void bind_catalog(py::module_& m) {
  m.def("filter_catalog", &filter_catalog, "satcore's filters and their parameters, in catalog order");
  m.def(
      "find_filter", [](const std::string& name) { return sat_filter_find(name.c_str()); },
      "the catalog index of a filter by name or alias; -1 when unknown");
}

}  // namespace satpy
