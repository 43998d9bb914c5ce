#include "common/catalog_properties.h"

#include <algorithm>
#include <cctype>
#include <climits>
#include <cmath>
#include <vector>

namespace sat_gst {
namespace {

constexpr GParamFlags kFlags =
    GParamFlags(G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING | GST_PARAM_CONTROLLABLE);

}  // namespace

std::string camel_case(std::string_view name) {
  std::string out;
  bool upper = true;
  for (char c : name) {
    if (c == '-' || c == '_') {
      upper = true;
      continue;
    }
    out += upper ? char(std::toupper(static_cast<unsigned char>(c))) : c;
    upper = false;
  }
  return out;
}

namespace {

// A string that lives as long as the process (GObject keeps the pointers of pspecs and enums).
const char* interned(const std::string& text) { return g_intern_string(text.c_str()); }

// The enum type of a Choice parameter, registered once per filter and parameter.
GType choice_enum_type(const sat::FilterInfo& filter, const sat::ParamInfo& param) {
  const std::string type_name = "GstSat" + camel_case(filter.name) + camel_case(param.name);
  if (GType existing = g_type_from_name(type_name.c_str())) return existing;
  // Owned by the type system for the life of the process.
  auto* values = g_new0(GEnumValue, param.choices.size() + 1);
  for (std::size_t i = 0; i < param.choices.size(); ++i) {
    values[i].value = gint(i);
    values[i].value_name = interned(std::string(param.choices[i]));
    values[i].value_nick = values[i].value_name;
  }
  return g_enum_register_static(interned(type_name), values);
}

// "window side in pixels (odd, 3..46339)": the catalog's help and range.
std::string blurb(const sat::ParamInfo& param) {
  std::string text(param.help);
  if (param.kind == sat::ParamKind::Image) return text + " (a file: PNG, JPEG, BMP, PGM; read as 8-bit gray)";
  if (param.kind == sat::ParamKind::Int || param.kind == sat::ParamKind::Real)
    text += " (" + sat::range_text(param) + ")";
  return text;
}

double bound(double v) { return std::isfinite(v) ? v : (v > 0 ? G_MAXDOUBLE : -G_MAXDOUBLE); }

}  // namespace

std::string property_name(const sat::ParamInfo& param) {
  std::string name(param.name);
  std::replace(name.begin(), name.end(), '_', '-');
  return param.kind == sat::ParamKind::Image ? name + "-file" : name;
}

GParamSpec* make_param_spec(const sat::FilterInfo& filter, const sat::ParamInfo& param) {
  const char* name = interned(property_name(param));
  const char* nick = interned(std::string(param.name));
  const char* help = interned(blurb(param));
  if (param.kind == sat::ParamKind::Image) return g_param_spec_string(name, nick, help, nullptr, kFlags);
  const double fallback = sat::get_param(filter.defaults, param.name);
  switch (param.kind) {
    case sat::ParamKind::Int:
      return g_param_spec_int(name, nick, help, gint(std::max(param.min, double(INT_MIN))),
                              gint(std::min(param.max, double(INT_MAX))), gint(fallback), kFlags);
    case sat::ParamKind::Real:
      return g_param_spec_double(name, nick, help, bound(param.min), bound(param.max), fallback, kFlags);
    case sat::ParamKind::Bool:
      return g_param_spec_boolean(name, nick, help, fallback != 0, kFlags);
    case sat::ParamKind::Choice:
      return g_param_spec_enum(name, nick, help, choice_enum_type(filter, param), gint(fallback), kFlags);
    case sat::ParamKind::Image:
      break;
  }
  return nullptr;
}

void value_from_spec(const sat::FilterSpec& spec, const sat::ParamInfo& param, GValue* value) {
  const double v = sat::get_param(spec, param.name);
  switch (param.kind) {
    case sat::ParamKind::Int:
      g_value_set_int(value, gint(v));
      break;
    case sat::ParamKind::Real:
      g_value_set_double(value, v);
      break;
    case sat::ParamKind::Bool:
      g_value_set_boolean(value, v != 0);
      break;
    case sat::ParamKind::Choice:
      g_value_set_enum(value, gint(v));
      break;
    case sat::ParamKind::Image:
      break;
  }
}

void set_from_value(sat::FilterSpec& spec, const sat::ParamInfo& param, const GValue* value) {
  switch (param.kind) {
    case sat::ParamKind::Int:
      sat::set_param(spec, param.name, g_value_get_int(value));
      break;
    case sat::ParamKind::Real:
      sat::set_param(spec, param.name, g_value_get_double(value));
      break;
    case sat::ParamKind::Bool:
      sat::set_param(spec, param.name, g_value_get_boolean(value) ? 1 : 0);
      break;
    case sat::ParamKind::Choice:
      sat::set_param(spec, param.name, g_value_get_enum(value));
      break;
    case sat::ParamKind::Image:
      break;
  }
}

}  // namespace sat_gst
