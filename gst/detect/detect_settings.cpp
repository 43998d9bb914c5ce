#include "detect_settings.h"

#include <gst/gst.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>
#include <vector>

namespace sat_gst {
namespace {

constexpr GParamFlags kFlags = GParamFlags(G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING);

// One property made from the catalog: its parameter and, for a size, the side.
struct CatalogProperty {
  const sat::DetectParamInfo* info;
  sat::DetectSide side;
  std::string name, nick, blurb;  // kept: the GParamSpecs point into them (G_PARAM_STATIC_STRINGS)
};

std::string kebab(std::string_view snake) {
  std::string name(snake);
  std::replace(name.begin(), name.end(), '_', '-');
  return name;
}

std::string capitalized(std::string text) {
  if (!text.empty()) text[0] = char(std::toupper(static_cast<unsigned char>(text[0])));
  return text;
}

// The catalog's properties in its order, a size's width before its height.
const std::vector<CatalogProperty>& catalog_properties() {
  static const std::vector<CatalogProperty> all = [] {
    std::vector<CatalogProperty> props;
    for (const sat::DetectParamInfo& info : sat::detect_param_catalog()) {
      const std::string name = kebab(info.param.name), help = capitalized(std::string(info.param.help));
      if (!info.size) {
        props.push_back({&info, sat::kWidth, name, name, help});
        continue;
      }
      for (const sat::DetectSide side : {sat::kWidth, sat::kHeight}) {
        const std::string word = side == sat::kWidth ? "width" : "height";
        props.push_back({&info, side, name + "-" + word, name + "-" + word, help + ": its " + word});
      }
    }
    return props;
  }();
  return all;
}

GParamSpec* spec_of(const CatalogProperty& p, double default_value) {
  const sat::ParamInfo& param = p.info->param;
  if (param.kind == sat::ParamKind::Real) {
    // An open end is the double next to it, so that GObject itself refuses the end.
    const double min = param.min_open ? std::nextafter(param.min, param.max) : param.min;
    const double max = param.max_open ? std::nextafter(param.max, param.min) : param.max;
    return g_param_spec_double(p.name.c_str(), p.nick.c_str(), p.blurb.c_str(), min, max, default_value, kFlags);
  }
  return g_param_spec_int(p.name.c_str(), p.nick.c_str(), p.blurb.c_str(), int(param.min), int(param.max),
                          int(default_value), kFlags);
}

// Offsets from first_id: the profile, the catalog's properties, min-stddev.
constexpr guint kProfile = 0;
guint catalog_offset(std::size_t i) { return guint(1 + i); }
guint min_stddev_offset() { return guint(1 + catalog_properties().size()); }

}  // namespace

guint install_detect_properties(GObjectClass* klass, guint first_id) {
  const DetectSettings defaults;
  g_object_class_install_property(
      klass, first_id + kProfile,
      g_param_spec_string("profile", "Cascade",
                          "Location of the OpenCV Haar cascade file (XML) to detect with; one that does not load "
                          "stops the stream with an error naming the file and the reason",
                          kDefaultProfile, kFlags));
  const std::vector<CatalogProperty>& props = catalog_properties();
  for (std::size_t i = 0; i < props.size(); ++i) {
    const double default_value = sat::get_detect_param(defaults.params, props[i].info->param.name, props[i].side);
    g_object_class_install_property(klass, first_id + catalog_offset(i), spec_of(props[i], default_value));
  }
  g_object_class_install_property(
      klass, first_id + min_stddev_offset(),
      g_param_spec_int("min-stddev", "Minimum standard deviation",
                       "Frames whose gray standard deviation is below this are not searched (0: every frame)", 0, 255,
                       defaults.min_stddev, kFlags));
  return first_id + min_stddev_offset() + 1;
}

bool set_detect_property(DetectSettings& s, guint first_id, guint id, const GValue* value) {
  if (id < first_id || id > first_id + min_stddev_offset()) return false;
  const guint offset = id - first_id;
  if (offset == kProfile) {
    const gchar* path = g_value_get_string(value);
    s.profile = path ? path : "";
  } else if (offset == min_stddev_offset()) {
    s.min_stddev = g_value_get_int(value);
  } else {
    const CatalogProperty& p = catalog_properties()[offset - 1];
    const double v = p.info->param.kind == sat::ParamKind::Real ? g_value_get_double(value) : g_value_get_int(value);
    sat::set_detect_param(s.params, p.info->param.name, v, p.side);  // in range: GObject checked it
  }
  return true;
}

bool get_detect_property(const DetectSettings& s, guint first_id, guint id, GValue* value) {
  if (id < first_id || id > first_id + min_stddev_offset()) return false;
  const guint offset = id - first_id;
  if (offset == kProfile) {
    g_value_set_string(value, s.profile.c_str());
  } else if (offset == min_stddev_offset()) {
    g_value_set_int(value, s.min_stddev);
  } else {
    const CatalogProperty& p = catalog_properties()[offset - 1];
    const double v = sat::get_detect_param(s.params, p.info->param.name, p.side);
    if (p.info->param.kind == sat::ParamKind::Real)
      g_value_set_double(value, v);
    else
      g_value_set_int(value, int(v));
  }
  return true;
}

}  // namespace sat_gst
