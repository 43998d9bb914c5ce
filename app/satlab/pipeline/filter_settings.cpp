#include "pipeline/filter_settings.h"

#include <cstdio>

namespace satlab {

const char* to_string(FilterKind kind) {
  switch (kind) {
    case FilterKind::None: return "none";
    case FilterKind::Box: return "box";
    case FilterKind::Threshold: return "threshold";
    case FilterKind::Sauvola: return "sauvola";
    case FilterKind::Bradley: return "bradley";
  }
  return "?";
}

std::optional<FilterKind> parse_filter_kind(std::string_view name) {
  for (FilterKind kind : kAllFilterKinds) {
    if (name == to_string(kind)) return kind;
  }
  return std::nullopt;
}

bool outputs_gray(FilterKind kind) {
  return kind == FilterKind::Threshold || kind == FilterKind::Sauvola || kind == FilterKind::Bradley;
}

std::string describe(const FilterSettings& s) {
  char text[160];
  switch (s.kind) {
    case FilterKind::None: return "none";
    case FilterKind::Box:
      std::snprintf(text, sizeof text, "box %dx%d %s", s.box.kernel_width, s.box.kernel_height,
                    sat::to_string(s.box.border));
      return text;
    case FilterKind::Threshold:
      std::snprintf(text, sizeof text, "threshold block %d C %g%s", s.mean_c.block, s.mean_c.C,
                    s.mean_c.invert ? " inverted" : "");
      return text;
    case FilterKind::Sauvola:
      std::snprintf(text, sizeof text, "sauvola window %d k %g r %g", s.sauvola.window, s.sauvola.k,
                    s.sauvola.r > 0 ? s.sauvola.r : 127.5);
      return text;
    case FilterKind::Bradley:
      std::snprintf(text, sizeof text, "bradley window %d t %g", s.bradley.window, s.bradley.t);
      return text;
  }
  return "?";
}

}  // namespace satlab
