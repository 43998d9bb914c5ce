#include "scenes/shadows/world.h"

#include <algorithm>
#include <cmath>

namespace satlab::shadows {
namespace {

// Hits closer than this are the ray's own starting surface, not an occluder.
constexpr double kMinT = 1e-4;

// What every object has; the shape's own sizes are set by the helpers below.
WorldObject object(WorldObject::Shape shape, const char* name, Vec3 center, Vec3 color) {
  WorldObject o;
  o.shape = shape;
  o.center = center;
  o.color = color;
  o.name = name;
  return o;
}

WorldObject box(const char* name, Vec3 center, Vec3 half_extent, Vec3 color) {
  WorldObject o = object(WorldObject::Shape::Box, name, center, color);
  o.half_extent = half_extent;
  return o;
}

WorldObject sphere(const char* name, Vec3 center, float radius, Vec3 color) {
  WorldObject o = object(WorldObject::Shape::Sphere, name, center, color);
  o.radius = radius;
  return o;
}

WorldObject torus(const char* name, Vec3 center, float major, float minor, Vec3 color) {
  WorldObject o = object(WorldObject::Shape::Torus, name, center, color);
  o.radius = major;
  o.minor_radius = minor;
  return o;
}

// The smallest root above kMinT of the pair (t0 <= t1), if any.
std::optional<float> nearest(double t0, double t1) {
  if (t0 > kMinT) return static_cast<float>(t0);
  if (t1 > kMinT) return static_cast<float>(t1);
  return std::nullopt;
}

// Double precision inside the queries: tests compare hits with known heights to ~1e-4.
struct D3 {
  double x, y, z;
};
D3 d3(Vec3 v) { return {v.x, v.y, v.z}; }
double ddot(D3 a, D3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

std::optional<float> intersect_box(const WorldObject& b, Vec3 origin, Vec3 dir) {
  const double o[3] = {double(origin.x) - b.center.x, double(origin.y) - b.center.y, double(origin.z) - b.center.z};
  const double d[3] = {dir.x, dir.y, dir.z};
  const double h[3] = {b.half_extent.x, b.half_extent.y, b.half_extent.z};
  double t_near = -INFINITY, t_far = INFINITY;
  for (int axis = 0; axis < 3; ++axis) {
    if (d[axis] == 0) {
      // Parallel to this pair of faces: inside the slab for every t, or never.
      if (std::abs(o[axis]) > h[axis]) return std::nullopt;
      continue;
    }
    double t0 = (-h[axis] - o[axis]) / d[axis];
    double t1 = (h[axis] - o[axis]) / d[axis];
    if (t0 > t1) std::swap(t0, t1);
    t_near = std::max(t_near, t0);
    t_far = std::min(t_far, t1);
  }
  if (t_far < t_near) return std::nullopt;
  return nearest(t_near, t_far);
}

// Both crossings of the ray with a sphere (relative origin `o`), or false if it misses.
bool sphere_crossings(D3 o, D3 d, double radius, double& t0, double& t1) {
  const double b = ddot(o, d);
  const double c = ddot(o, o) - radius * radius;
  const double disc = b * b - c;
  if (disc < 0) return false;
  const double s = std::sqrt(disc);
  t0 = -b - s;
  t1 = -b + s;
  return true;
}

std::optional<float> intersect_sphere(const WorldObject& s, Vec3 origin, Vec3 dir) {
  double t0, t1;
  if (!sphere_crossings(d3(origin - s.center), d3(dir), s.radius, t0, t1)) return std::nullopt;
  return nearest(t0, t1);
}

// Signed distance to a torus around the y axis through the origin.
double torus_sdf(D3 p, double major, double minor) {
  const double ring = std::hypot(p.x, p.z) - major;
  return std::hypot(ring, p.y) - minor;
}

// Sphere tracing on the exact distance: a step of |distance| never crosses the surface, from
// outside or inside, so the first point it converges to is the nearest crossing. Rays that only
// graze the tube converge slowly, hence the generous step budget; this is for tests, not frames.
std::optional<float> intersect_torus(const WorldObject& tor, Vec3 origin, Vec3 dir) {
  const D3 o = d3(origin - tor.center);
  const D3 d = d3(dir);
  const double major = tor.radius, minor = tor.minor_radius;
  double t_enter, t_exit;
  if (!sphere_crossings(o, d, (major + minor) * 1.001, t_enter, t_exit)) return std::nullopt;
  if (t_exit <= kMinT) return std::nullopt;
  constexpr double kEpsilon = 1e-6;
  constexpr int kMaxSteps = 100000;
  double t = std::max(t_enter, kMinT);
  for (int step = 0; step < kMaxSteps && t <= t_exit; ++step) {
    const double dist = std::abs(torus_sdf({o.x + t * d.x, o.y + t * d.y, o.z + t * d.z}, major, minor));
    if (dist < kEpsilon) return static_cast<float>(t);
    t += dist;
  }
  return std::nullopt;
}

}  // namespace

const std::vector<WorldObject>& demo_world() {
  // Heights differ on purpose: the pillar's long shadow widens from a sharp foot; the floating
  // sphere's shadow has no contact point and is soft all over; the hovering torus shows a ring
  // whose hole fills in as the light grows larger. All within |x|, |z| <= 6 so their shadows
  // stay on the ground for light elevations of 30 degrees and more (the pillar, 4 tall, casts
  // 6.9 units at 30 degrees: x = -2.5 keeps its tip on the ground).
  static const std::vector<WorldObject> objects = {
      box("pillar", {-2.5f, 2.0f, -1.0f}, {0.3f, 2.0f, 0.3f}, {0.85f, 0.55f, 0.30f}),
      box("cube", {1.5f, 0.75f, -2.5f}, {0.75f, 0.75f, 0.75f}, {0.30f, 0.55f, 0.85f}),
      sphere("floating sphere", {-0.5f, 1.8f, 1.5f}, 0.8f, {0.85f, 0.30f, 0.35f}),
      sphere("resting sphere", {-3.5f, 0.6f, 2.5f}, 0.6f, {0.35f, 0.75f, 0.40f}),
      torus("hovering torus", {3.0f, 1.0f, 2.0f}, 1.2f, 0.35f, {0.80f, 0.70f, 0.25f}),
  };
  return objects;
}

Bounds object_bounds(const WorldObject& object) {
  Vec3 half;
  switch (object.shape) {
    case WorldObject::Shape::Box:
      half = object.half_extent;
      break;
    case WorldObject::Shape::Sphere:
      half = {object.radius, object.radius, object.radius};
      break;
    case WorldObject::Shape::Torus: {
      const float outer = object.radius + object.minor_radius;
      half = {outer, object.minor_radius, outer};
      break;
    }
  }
  return {object.center - half, object.center + half};
}

Bounds world_bounds() {
  Bounds b{{-kGroundHalfSize, 0, -kGroundHalfSize}, {kGroundHalfSize, 0, kGroundHalfSize}};
  for (const WorldObject& object : demo_world()) {
    const Bounds o = object_bounds(object);
    b.min = {std::min(b.min.x, o.min.x), std::min(b.min.y, o.min.y), std::min(b.min.z, o.min.z)};
    b.max = {std::max(b.max.x, o.max.x), std::max(b.max.y, o.max.y), std::max(b.max.z, o.max.z)};
  }
  return b;
}

std::optional<float> intersect(const WorldObject& object, Vec3 origin, Vec3 dir) {
  switch (object.shape) {
    case WorldObject::Shape::Box:
      return intersect_box(object, origin, dir);
    case WorldObject::Shape::Sphere:
      return intersect_sphere(object, origin, dir);
    case WorldObject::Shape::Torus:
      return intersect_torus(object, origin, dir);
  }
  return std::nullopt;
}

bool occluded(const std::vector<WorldObject>& objects, Vec3 point, Vec3 to_light) {
  const Vec3 dir = normalize(to_light);
  return std::any_of(objects.begin(), objects.end(),
                     [&](const WorldObject& object) { return intersect(object, point, dir).has_value(); });
}

bool occluded(Vec3 point, Vec3 to_light) { return occluded(demo_world(), point, to_light); }

std::optional<Vec3> ground_hit(Vec3 origin, Vec3 dir) {
  if (dir.y == 0) return std::nullopt;
  const double t = -double(origin.y) / dir.y;
  if (t <= kMinT) return std::nullopt;
  const Vec3 p{static_cast<float>(origin.x + t * dir.x), 0.0f, static_cast<float>(origin.z + t * dir.z)};
  if (std::abs(p.x) > kGroundHalfSize || std::abs(p.z) > kGroundHalfSize) return std::nullopt;
  return p;
}

}  // namespace satlab::shadows
