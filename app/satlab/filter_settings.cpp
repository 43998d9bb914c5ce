#include "filter_settings.h"

#include <cstdio>

namespace satlab {

const char* to_string(FilterKind kind) {
  switch (kind) {
    case FilterKind::None: return "none";
    case FilterKind::Box: return "box";
    case FilterKind::Threshold: return "threshold";
    case FilterKind::Sauvola: return "sauvola";
    case FilterKind::Bradley: return "bradley";
    case FilterKind::Shadows: return "shadows";
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

SplitLabels split_labels(const FilterSettings& s) {
  if (s.kind == FilterKind::Shadows) return {to_string(s.shadows.compare_mode), to_string(s.shadows.mode)};
  return {"before", "after"};
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
    case FilterKind::Shadows: {
      const ShadowSettings& sh = s.shadows;
      std::snprintf(text, sizeof text, "shadows %s map %d %s", to_string(sh.mode), sh.map_size,
                    to_string(sh.precision));
      std::string line = text;
      if (sh.mode == ShadowMode::Pcf || sh.mode == ShadowMode::SavsmFixed) line += " box " + std::to_string(sh.box_texels);
      if (sh.mode == ShadowMode::SavsmVariable) {
        std::snprintf(text, sizeof text, " light %g deg", sh.light_size_deg);
        line += text;
      }
      return line;
    }
  }
  return "?";
}

}  // namespace satlab
