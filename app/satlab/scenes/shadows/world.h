// The shadow demo's world (its 3-D geometry; a "scene" in satlab is one of its modes): a square
// ground plane at y = 0 (implicit, kGroundHalfSize around the origin) and a few objects of different heights on it or
// hovering above it, so that the soft shadows show both contact (sharp near the object) and wide penumbrae (objects far
// from the ground). Also exact CPU ray queries, which tell tests where the hard, geometric shadow lies.
#pragma once

#include <optional>
#include <vector>

#include "scenes/shadows/math3d.h"

namespace satlab::shadows {

// Half the side of the ground square, in world units.
inline constexpr float kGroundHalfSize = 10.0f;

struct WorldObject {
  enum class Shape { Box, Sphere, Torus };
  Shape shape = Shape::Box;
  Vec3 center;
  Vec3 half_extent;        // box: half sizes along x, y, z
  float radius = 0;        // sphere: radius; torus: major radius (center to tube center)
  float minor_radius = 0;  // torus: tube radius. Every torus lies flat: its axis is y.
  Vec3 color;              // linear RGB in [0, 1]
  const char* name = "";
};

struct Bounds {
  Vec3 min, max;
};

// The objects (the ground is not among them); built once, lives for the program.
const std::vector<WorldObject>& demo_world();

// The axis-aligned box around one object.
Bounds object_bounds(const WorldObject& object);

// The demo world with its ground: the box every shadow-casting and receiving point lies in.
Bounds world_bounds();

// The nearest t > 1e-4 where origin + t·dir meets the object's surface (dir unit length), or
// nothing. From inside an object this is where the ray leaves it.
std::optional<float> intersect(const WorldObject& object, Vec3 origin, Vec3 dir);

// Whether any demo-world object lies on the ray from `point` toward a directional light
// (`to_light`: the direction toward the light, any length). The ground never occludes: every
// object is above it.
bool occluded(Vec3 point, Vec3 to_light);
bool occluded(const std::vector<WorldObject>& objects, Vec3 point, Vec3 to_light);

// Where the ray meets the ground square (y = 0, |x|, |z| <= kGroundHalfSize), for t > 1e-4.
std::optional<Vec3> ground_hit(Vec3 origin, Vec3 dir);

}  // namespace satlab::shadows
