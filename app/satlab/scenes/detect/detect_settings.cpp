#include "scenes/detect/detect_settings.h"

#include <cstdio>
#include <filesystem>

namespace satlab {

std::string describe(const DetectSettings& s) {
  const sat::DetectParams& p = s.params;
  char text[160];
  int n = std::snprintf(text, sizeof text, " scale %g neighbours %d min %dx%d", p.scale_factor, p.min_neighbors,
                        p.min_size.width, p.min_size.height);
  if (p.max_size.width > 0 || p.max_size.height > 0)
    std::snprintf(text + n, sizeof text - std::size_t(n), " max %dx%d", p.max_size.width, p.max_size.height);
  return "detect " + std::filesystem::path(s.cascade).filename().string() + text;
}

}  // namespace satlab
