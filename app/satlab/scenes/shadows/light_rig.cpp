#include "scenes/shadows/light_rig.h"

#include <algorithm>
#include <cmath>

namespace satlab::shadows {
namespace {

constexpr float kDegToRad = 3.14159265358979323846f / 180.0f;

// The bounding sphere's radius, slightly enlarged: corners of the bounds lie exactly on the
// sphere, and rounding must not push them past NDC +-1.
float fit_radius(const Bounds& b) { return 0.5f * length(b.max - b.min) * 1.001f; }
Vec3 fit_center(const Bounds& b) { return (b.min + b.max) * 0.5f; }

}  // namespace

void LightRig::set_angles(float azimuth_deg, float elevation_deg) {
  azimuth_deg_ = azimuth_deg;
  elevation_deg_ = std::clamp(elevation_deg, 1.0f, 90.0f);
}

Vec3 LightRig::direction_to_light() const {
  const float az = azimuth_deg_ * kDegToRad, el = elevation_deg_ * kDegToRad;
  return {std::cos(el) * std::cos(az), std::sin(el), -std::cos(el) * std::sin(az)};
}

Mat4 LightRig::view_projection(const Bounds& bounds) const {
  const float radius = fit_radius(bounds);
  const Vec3 center = fit_center(bounds);
  const Vec3 dir = direction_to_light();
  // Up: the light direction turned 90 degrees upward in its vertical plane. Always
  // perpendicular to dir, so it stays valid with the light straight overhead, and it changes
  // smoothly as the light moves (the shadow map does not spin).
  const float az = azimuth_deg_ * kDegToRad, el = elevation_deg_ * kDegToRad;
  const Vec3 up{-std::sin(el) * std::cos(az), std::cos(el), std::sin(el) * std::sin(az)};
  // The eye sits 2 radii out: the sphere then spans eye distances [radius, 3 radius].
  const Vec3 eye = center + dir * (2 * radius);
  return orthographic(-radius, radius, -radius, radius, radius, 3 * radius) * look_at(eye, center, up);
}

float LightRig::depth_range(const Bounds& bounds) const { return 2 * fit_radius(bounds); }

float LightRig::world_per_ndc_xy(const Bounds& bounds) const { return fit_radius(bounds); }

float LightRig::linear_depth(Vec3 world, const Bounds& bounds) const {
  return 0.5f * (project(view_projection(bounds), world).z + 1);
}

}  // namespace satlab::shadows
