// See catalog.h.
#include "catalog.h"

#include <pybind11/stl.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "messages.h"
#include "sat/detect_c.h"
#include "sat/sat_c.h"

namespace py = pybind11;

namespace satpy {
namespace {

const char* kind_name(int kind) {
  switch (kind) {
    case SAT_PARAM_INT:
      return "int";
    case SAT_PARAM_REAL:
      return "real";
    case SAT_PARAM_BOOL:
      return "bool";
    case SAT_PARAM_CHOICE:
      return "choice";
    case SAT_PARAM_IMAGE:
      return "image";
    default:
      return "unknown";
  }
}

std::string text_or_empty(const char* text) { return text ? text : ""; }

// A parameter as the C ABI describes it; `choices` and `range` its texts.
py::dict param_dict(const sat_param_info& info, const py::list& choices, const char* range) {
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
  d["range"] = text_or_empty(range);
  return d;
}

py::dict param_entry(int filter, int param) {
  sat_param_info info{};
  if (sat_filter_param_info(filter, param, &info) != SAT_OK) throw std::runtime_error(sat_last_error());
  py::list choices;
  for (int c = 0; c < info.choice_count; ++c) choices.append(text_or_empty(sat_filter_param_choice(filter, param, c)));
  return param_dict(info, choices, sat_filter_param_range(filter, param));
}

// detect()'s parameters (sat_detect_param_info), each with "size": (width, height) or a number.
py::list detect_param_catalog() {
  py::list params;
  for (int p = 0; p < sat_detect_param_count(); ++p) {
    sat_param_info info{};
    if (sat_detect_param_info(p, &info) != SAT_OK) throw std::runtime_error(sat_last_error());
    py::dict d = param_dict(info, py::list(), sat_detect_param_range(p));
    d["size"] = sat_detect_param_is_size(p) == 1;
    params.append(d);
  }
  return params;
}

// The NumPy names of the sample types filter #filter takes (sat_filter_sample_types): the dtypes
// of the images it reads, and of its result.
py::tuple sample_types(int filter) {
  const int types = sat_filter_sample_types(filter);
  py::list names;
  if (types & SAT_SAMPLE_U8) names.append("uint8");
  if (types & SAT_SAMPLE_U16) names.append("uint16");
  return py::tuple(names);
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
    d["samples"] = sample_types(f);
    d["params"] = params;
    filters.append(d);
  }
  return filters;
}

// The footprint of filter #filter with params [(name, value, text or None)] (image parameters
// left out: they do not change it).
py::tuple filter_footprint(int filter, const py::list& params, const std::string& function) {
  struct Given {
    std::string name;
    double value = 0;
    bool has_text = false;
    std::string text;
  };
  std::vector<Given> given;  // owns the strings that c_params point into
  for (const py::handle item : params) {
    const py::tuple t = item.cast<py::tuple>();
    given.push_back({t[0].cast<std::string>(), t[1].cast<double>(), !t[2].is_none(),
                     t[2].is_none() ? std::string() : t[2].cast<std::string>()});
  }
  std::vector<sat_filter_param> c_params;
  for (const Given& g : given)
    c_params.push_back({g.name.c_str(), g.value, g.has_text ? g.text.c_str() : nullptr, nullptr});
  sat_filter_footprint footprint{};
  speaking_python({function, {}}, [&] {
    check(sat_filter_get_footprint(sat_filter_name(filter), c_params.data(), int(c_params.size()), &footprint));
  });
  return py::make_tuple(footprint.halo_y, footprint.halo_x, footprint.position_dependent != 0);
}

}  // namespace

void bind_catalog(py::module_& m) {
  m.def("filter_catalog", &filter_catalog, "satcore's filters and their parameters, in catalog order");
  m.def(
      "find_filter", [](const std::string& name) { return sat_filter_find(name.c_str()); },
      "the catalog index of a filter by name or alias; -1 when unknown");
  m.def("detect_param_catalog", &detect_param_catalog, "detect()'s parameters, in satcore's order");
  m.def("filter_footprint", &filter_footprint,
        "(halo_y, halo_x, position_dependent) of a filter for its parameters [(name, value, text or None)]");
}

}  // namespace satpy
