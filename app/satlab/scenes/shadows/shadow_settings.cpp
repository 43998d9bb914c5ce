#include "scenes/shadows/shadow_settings.h"

namespace satlab {

const char* to_string(ShadowMode mode) {
  switch (mode) {
    case ShadowMode::Hard:
      return "hard";
    case ShadowMode::Pcf:
      return "pcf";
    case ShadowMode::SavsmFixed:
      return "savsm";
    case ShadowMode::SavsmVariable:
      return "savsm-variable";
  }
  return "?";
}

std::optional<ShadowMode> parse_shadow_mode(std::string_view name) {
  for (ShadowMode mode : kAllShadowModes) {
    if (name == to_string(mode)) return mode;
  }
  return std::nullopt;
}

bool uses_sat(ShadowMode mode) { return mode == ShadowMode::SavsmFixed || mode == ShadowMode::SavsmVariable; }

const char* to_string(MomentPrecision precision) {
  switch (precision) {
    case MomentPrecision::Float32:
      return "fp32";
    case MomentPrecision::Float32Centered:
      return "fp32-centered";
    case MomentPrecision::Fixed32:
      return "fixed32";
  }
  return "?";
}

std::optional<MomentPrecision> parse_moment_precision(std::string_view name) {
  for (MomentPrecision precision : kAllMomentPrecisions) {
    if (name == to_string(precision)) return precision;
  }
  return std::nullopt;
}

}  // namespace satlab
