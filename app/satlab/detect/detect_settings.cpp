#include "detect/detect_settings.h"

#include <cstdio>
#include <filesystem>

namespace satlab {

std::string describe(const DetectSettings& s) {
  char text[96];
  std::snprintf(text, sizeof text, " scale %g neighbours %d min %d", s.scale_factor, s.min_neighbors, s.min_size);
  return "detect " + std::filesystem::path(s.cascade).filename().string() + text;
}

}  // namespace satlab
