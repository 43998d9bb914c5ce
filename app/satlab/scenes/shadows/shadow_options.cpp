#include "scenes/shadows/shadow_options.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "common/cli/cli_app.h"
#include "scenes/shadows/orbit_camera.h"

namespace satlab {

namespace {

namespace cli = satapp::cli;

// "A,B[,C]": `count` comma-separated numbers.
std::vector<double> parse_reals(const std::string& name, const std::string& text, std::size_t count) {
  std::vector<double> values;
  std::size_t start = 0;
  while (values.size() < count) {
    const std::size_t end = text.find(',', start);
    const std::string part = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
    std::size_t used = 0;
    double v = 0;
    try {
      v = std::stod(part, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (part.empty() || used != part.size() || !std::isfinite(v)) break;
    values.push_back(v);
    if (end == std::string::npos) break;
    start = end + 1;
  }
  if (values.size() != count || std::count(text.begin(), text.end(), ',') != static_cast<long>(count - 1))
    throw cli::UsageError(name + " needs " + std::to_string(count) + " comma-separated numbers (got \"" + text + "\")");
  return values;
}

ShadowMode parse_mode(const std::string& name, const std::string& text) {
  const auto mode = parse_shadow_mode(text);
  if (!mode) throw cli::UsageError(name + " must be hard, pcf, savsm or savsm-variable (got \"" + text + "\")");
  return *mode;
}

// A closed interval a number of an option must lie in.
struct RealRange {
  double min, max;
  std::string text() const { return cli::format_real(min) + ".." + cli::format_real(max); }
  void check(const std::string& option, const std::string& what, double value) const {
    if (value < min || value > max)
      throw cli::UsageError(option + " needs a " + what + " in [" + cli::format_real(min) + ", " +
                            cli::format_real(max) + "] (got " + cli::format_real(value) + ")");
  }
};

// --camera: what the orbit camera shows (shadows/orbit_camera.h): a turn either way, a pitch
// within its clamp in whole degrees (never under the ground, never straight down), its distances.
constexpr double kDegreesPerRadian = 57.29577951308232;
const struct {
  RealRange yaw{-360, 360};
  RealRange pitch{std::ceil(shadows::OrbitCamera::kMinPitch * kDegreesPerRadian),
                  std::floor(shadows::OrbitCamera::kMaxPitch* kDegreesPerRadian)};
  RealRange distance{shadows::OrbitCamera::kMinDistance, shadows::OrbitCamera::kMaxDistance};
} camera_ranges;

}  // namespace

void add_shadow_options(CLI::App& app, ShadowSettings& s) {
  const ShadowSettings sh;
  app.option_defaults()->group("Soft shadows (--filter shadows)");
  cli::add_parsed(
      app, "--shadow-mode", "NAME",
      "hard | pcf | savsm | savsm-variable (right of the divider)\n(default " + std::string(to_string(sh.mode)) + ")",
      [&s](const std::string& text) { s.mode = parse_mode("--shadow-mode", text); });
  cli::add_parsed(app, "--compare-mode", "NAME",
                  "the technique left of the divider (default " + std::string(to_string(sh.compare_mode)) + ")",
                  [&s](const std::string& text) { s.compare_mode = parse_mode("--compare-mode", text); });
  cli::add_parsed(
      app, "--precision", "NAME",
      "moment table: fixed32 | fp32-centered | fp32 (default " + std::string(to_string(sh.precision)) + ")",
      [&s](const std::string& text) {
        const auto precision = parse_moment_precision(text);
        if (!precision)
          throw cli::UsageError("--precision must be fixed32, fp32-centered or fp32 (got \"" + text + "\")");
        s.precision = *precision;
      });
  cli::add_checked(app, "--map-size", s.map_size, "N", CLI::IsMember({512, 1024, 2048, 4096}),
                   "shadow map 512 | 1024 | 2048 | 4096 (default " + std::to_string(sh.map_size) + ")");
  cli::add_checked(app, "--box", s.box_texels, "N", CLI::Range(1, kMaxBoxTexels),
                   "filter box in texels (pcf, savsm), 1.." + std::to_string(kMaxBoxTexels) + " (default " +
                       std::to_string(sh.box_texels) + ")");
  cli::add_checked(app, "--light-size", s.light_size_deg, "DEG", CLI::Range(0.05, 20.0),
                   "angular size of the light (savsm-variable), 0.05..20 (default 4)");
  cli::add_checked(app, "--min-variance", s.min_variance, "X", CLI::Range(0.0, 0.01),
                   "lower clamp of the variance (depth units^2), 0..0.01 (default 1e-5)");
  cli::add_checked(app, "--bleeding", s.bleeding, "X", CLI::Range(0.0, 0.95),
                   "light-bleeding reduction, 0..0.95 (default 0.2)");
  cli::add_parsed(app, "--light", "AZ,EL",
                  "fixed light direction in degrees, elevation 5..90 (default: the\nlight circles)",
                  [&s](const std::string& text) {
                    const auto angles = parse_reals("--light", text, 2);
                    if (angles[1] < 5 || angles[1] > 90)
                      throw cli::UsageError("--light needs an elevation in [5, 90] degrees");
                    s.light_azimuth_deg = static_cast<float>(angles[0]);
                    s.light_elevation_deg = static_cast<float>(angles[1]);
                    s.animate_light = false;
                  });
  cli::add_parsed(
      app, "--camera", "YAW,PITCH,D",
      "camera yaw and pitch in degrees, distance: yaw " + camera_ranges.yaw.text() + ", pitch " +
          camera_ranges.pitch.text() + ",\ndistance " + camera_ranges.distance.text() + " (default 34,31.5,17)",
      [&s](const std::string& text) {
        const auto v = parse_reals("--camera", text, 3);
        camera_ranges.yaw.check("--camera", "yaw", v[0]);
        camera_ranges.pitch.check("--camera", "pitch", v[1]);
        camera_ranges.distance.check("--camera", "distance", v[2]);
        s.start_camera =
            std::array<float, 3>{static_cast<float>(v[0]), static_cast<float>(v[1]), static_cast<float>(v[2])};
      });
}

}  // namespace satlab
