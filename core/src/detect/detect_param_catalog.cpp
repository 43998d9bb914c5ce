// The detection parameters' catalog (sat/detect_params.h): each field of DetectParams described
// once, with the filters' parameter builders, and read, written and checked by its name.
#include <string>

#include "filters/param_builders.h"
#include "sat/detect_params.h"
#include "sat/error.h"

namespace sat {
namespace {

using filters::int_param;
using filters::kNoIntMax;
using filters::Open;
using filters::real_param;

// The catalog's entry and where its value lies in DetectParams.
struct Field {
  DetectParamInfo info;
  double DetectParams::*real = nullptr;  // Real
  int DetectParams::*whole = nullptr;    // Int
  Extent DetectParams::*size = nullptr;  // a size
};

DetectParamInfo entry(ParamInfo param, double usual_min, double usual_max, bool size = false) {
  return {std::move(param), size, usual_min, usual_max};
}

const std::vector<Field>& fields() {
  static const std::vector<Field> all = [] {
    std::vector<Field> f(4);
    f[0].info = entry(real_param("scale_factor", 1, 100, Open::Min, "the step between scales", 0.01), 1.01, 2);
    f[0].real = &DetectParams::scale_factor;
    f[1].info = entry(
        int_param("min_neighbors", 0, kNoIntMax, "windows a box needs to be kept; 0 keeps every window ungrouped"), 0,
        10);
    f[1].whole = &DetectParams::min_neighbors;
    f[2].info =
        entry(int_param("min_size", 0, kNoIntMax, "the smallest object in pixels (0: no minimum)"), 0, 200, true);
    f[2].size = &DetectParams::min_size;
    f[3].info =
        entry(int_param("max_size", 0, kNoIntMax, "the largest object in pixels (0: the frame's size)"), 0, 0, true);
    f[3].size = &DetectParams::max_size;
    return f;
  }();
  return all;
}

const Field& field_of(std::string_view name, const char* call) {
  for (const Field& f : fields())
    if (f.info.param.name == name) return f;
  std::string known;
  for (const Field& f : fields()) known += (known.empty() ? "" : ", ") + std::string(f.info.param.name);
  throw Error(ErrorCode::InvalidArgument, call,
              "no detection parameter \"" + std::string(name) + "\" (its parameters: " + known + ")");
}

int& side_of(Extent& e, DetectSide side) { return side == kHeight ? e.height : e.width; }

}  // namespace

const std::vector<DetectParamInfo>& detect_param_catalog() {
  static const std::vector<DetectParamInfo> catalog = [] {
    std::vector<DetectParamInfo> infos;
    for (const Field& f : fields()) infos.push_back(f.info);
    return infos;
  }();
  return catalog;
}

const DetectParamInfo* find_detect_param(std::string_view name) {
  for (const DetectParamInfo& info : detect_param_catalog())
    if (info.param.name == name) return &info;
  return nullptr;
}

double get_detect_param(const DetectParams& params, std::string_view name, DetectSide side) {
  const Field& f = field_of(name, "sat::get_detect_param");
  if (f.real) return params.*f.real;
  if (f.whole) return params.*f.whole;
  Extent e = params.*f.size;
  return side_of(e, side);
}

void set_detect_param(DetectParams& params, std::string_view name, double value, DetectSide side) {
  constexpr const char* call = "sat::set_detect_param";
  const Field& f = field_of(name, call);
  check_param(f.info.param, value, call);
  if (f.real)
    params.*f.real = value;
  else if (f.whole)
    params.*f.whole = int(value);
  else
    side_of(params.*f.size, side) = int(value);
}

void validate(const DetectParams& params, const char* call) {
  for (const Field& f : fields()) {
    const std::string_view name = f.info.param.name;
    check_param(f.info.param, get_detect_param(params, name, kWidth), call);
    if (f.info.size) check_param(f.info.param, get_detect_param(params, name, kHeight), call);
  }
}

}  // namespace sat
