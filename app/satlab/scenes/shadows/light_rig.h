// The shadow demo's directional light (the sun), given by azimuth and elevation in degrees, and
// the orthographic light view its shadow map is drawn with.
//
// Azimuth is measured on the ground from +x toward -z (counter-clockwise seen from above);
// elevation from the ground up, 90 = straight above. The light view fits the bounding sphere of
// the scene's bounds, whatever the angles, so every scene point lands inside [-1, 1]^3 and the
// shadow map's texel size in world units does not change as the light turns.
#pragma once

#include "scenes/shadows/math3d.h"
#include "scenes/shadows/world.h"

namespace satlab::shadows {

class LightRig {
 public:
  LightRig() = default;
  LightRig(float azimuth_deg, float elevation_deg) { set_angles(azimuth_deg, elevation_deg); }

  // Elevation is clamped to [1, 90] degrees: the light stays above the ground.
  void set_angles(float azimuth_deg, float elevation_deg);
  float azimuth_deg() const { return azimuth_deg_; }
  float elevation_deg() const { return elevation_deg_; }

  // Unit vector from the scene toward the light (y > 0).
  Vec3 direction_to_light() const;

  // World to the light's clip space (orthographic: w = 1). NDC z = -1 is the side nearest the
  // light.
  Mat4 view_projection(const Bounds& bounds = world_bounds()) const;
  // World units covered by NDC z in [-1, 1] (far - near).
  float depth_range(const Bounds& bounds = world_bounds()) const;
  // World units per unit of NDC x or y: the half width of the orthographic box. A penumbra of w
  // world units spans w / (2 * world_per_ndc_xy()) * map_size shadow-map texels.
  float world_per_ndc_xy(const Bounds& bounds = world_bounds()) const;
  // (NDC z + 1) / 2 under view_projection(bounds): 0 nearest the light, 1 farthest, linear in
  // distance along the light direction. What the light pass stores as the first moment.
  float linear_depth(Vec3 world, const Bounds& bounds = world_bounds()) const;

 private:
  float azimuth_deg_ = 35.0f;
  float elevation_deg_ = 50.0f;
};

}  // namespace satlab::shadows
