// The shadow demo's world module, which the GL passes and shaders build on: the math follows
// OpenGL's conventions, the meshes face outward, the world is laid out as the demo needs, the light
// view holds the whole world, and the exact ray queries find the hard shadows where geometry says.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "scenes/shadows/light_rig.h"
#include "scenes/shadows/math3d.h"
#include "scenes/shadows/mesh.h"
#include "scenes/shadows/orbit_camera.h"
#include "scenes/shadows/world.h"

namespace satlab::shadows {
namespace {

constexpr float kPi = 3.14159265358979323846f;

void expect_near(Vec3 actual, Vec3 expected, float tolerance) {
  EXPECT_NEAR(actual.x, expected.x, tolerance);
  EXPECT_NEAR(actual.y, expected.y, tolerance);
  EXPECT_NEAR(actual.z, expected.z, tolerance);
}

void expect_near(const Mat4& a, const Mat4& b, float tolerance) {
  for (int i = 0; i < 16; ++i) EXPECT_NEAR(a.m[i], b.m[i], tolerance) << "element " << i;
}

const WorldObject& object_named(const std::string& name) {
  for (const WorldObject& o : demo_world()) {
    if (name == o.name) return o;
  }
  ADD_FAILURE() << "no object named " << name;
  return demo_world().front();
}

std::vector<Vec3> corners(const Bounds& b) {
  std::vector<Vec3> c;
  for (int i = 0; i < 8; ++i) {
    c.push_back({(i & 1) ? b.max.x : b.min.x, (i & 2) ? b.max.y : b.min.y, (i & 4) ? b.max.z : b.min.z});
  }
  return c;
}

Vec3 vec(const float v[3]) { return {v[0], v[1], v[2]}; }

// An arbitrary, well-conditioned matrix: a camera and a projection.
Mat4 sample_matrix(float s) {
  return perspective(0.9f + s, 1.3f, 0.5f, 50.0f) * look_at({3 * s, 2, 5}, {0, s, 0}, {0, 1, 0});
}

// ---------------------------------------------------------------------------------------------
// Math

TEST(ShadowMath, VectorBasics) {
  const Vec3 x{1, 0, 0}, y{0, 1, 0}, z{0, 0, 1};
  expect_near(cross(x, y), z, 0);  // right-handed
  EXPECT_FLOAT_EQ(dot(Vec3{1, 2, 3}, Vec3{4, 5, 6}), 32);
  EXPECT_FLOAT_EQ(length(Vec3{3, 4, 12}), 13);
  EXPECT_NEAR(length(normalize(Vec3{3, -7, 2})), 1, 1e-6);
  expect_near(Vec3{1, 2, 3} + Vec3{1, 1, 1} * 2 - Vec3{3, 4, 5}, Vec3{0, 0, 0}, 0);
}

TEST(ShadowMath, ColumnMajorLayoutLikeOpenGL) {
  // A translation's offsets sit in the last column: data()[12..14], as glUniformMatrix4fv
  // (transpose GL_FALSE) expects.
  const Mat4 t = look_at({0, 0, 0}, {0, 0, -1}, {0, 1, 0}) * identity();
  expect_near(t, identity(), 1e-7f);
  const Mat4 moved = look_at({1, 2, 3}, {1, 2, 2}, {0, 1, 0});  // a pure translation by -eye
  EXPECT_FLOAT_EQ(moved.data()[12], -1);
  EXPECT_FLOAT_EQ(moved.data()[13], -2);
  EXPECT_FLOAT_EQ(moved.data()[14], -3);
  EXPECT_FLOAT_EQ(moved(0, 3), -1);
}

TEST(ShadowMath, LookAtMapsEyeToOriginAndCenterOntoMinusZ) {
  const Vec3 eye{4, 3, -2}, center{-1, 0.5f, 2};
  const Mat4 v = look_at(eye, center, {0, 1, 0});
  const Vec4 e = transform_point(v, eye);
  EXPECT_NEAR(e.x, 0, 1e-5);
  EXPECT_NEAR(e.y, 0, 1e-5);
  EXPECT_NEAR(e.z, 0, 1e-5);
  EXPECT_FLOAT_EQ(e.w, 1);
  expect_near(project(v, center), {0, 0, -length(center - eye)}, 1e-5f);
  // World up stays up: a point above the center has eye-space y > 0.
  EXPECT_GT(project(v, center + Vec3{0, 1, 0}).y, 0.5f);
  // Rigid: distances are kept.
  const Vec3 a{1, 2, 3}, b{-2, 0, 1};
  EXPECT_NEAR(length(project(v, a) - project(v, b)), length(a - b), 1e-5);
}

TEST(ShadowMath, PerspectiveMapsNearAndFarToMinusOneAndOne) {
  const float fovy = 60 * kPi / 180, aspect = 2, n = 0.5f, f = 40;
  const Mat4 p = perspective(fovy, aspect, n, f);
  EXPECT_NEAR(project(p, {0, 0, -n}).z, -1, 1e-5);
  EXPECT_NEAR(project(p, {0, 0, -f}).z, 1, 1e-4);
  // The top and right edges of the frustum at depth d.
  const float d = 7, half_h = d * std::tan(fovy / 2);
  EXPECT_NEAR(project(p, {0, half_h, -d}).y, 1, 1e-5);
  EXPECT_NEAR(project(p, {half_h * aspect, 0, -d}).x, 1, 1e-5);
  EXPECT_NEAR(transform_point(p, {0, 0, -d}).w, d, 1e-5);  // w = eye depth
}

TEST(ShadowMath, OrthographicMapsBoxOntoUnitCube) {
  const Mat4 o = orthographic(-2, 6, -1, 3, 0.5f, 10.5f);
  expect_near(project(o, {-2, -1, -0.5f}), {-1, -1, -1}, 1e-6f);
  expect_near(project(o, {6, 3, -10.5f}), {1, 1, 1}, 1e-6f);
  expect_near(project(o, {2, 1, -5.5f}), {0, 0, 0}, 1e-6f);
  EXPECT_FLOAT_EQ(transform_point(o, {1, 2, -3}).w, 1);
}

TEST(ShadowMath, MultiplyIsAssociativeAndComposes) {
  const Mat4 a = sample_matrix(0.1f), b = sample_matrix(0.7f), c = look_at({1, 5, 2}, {0, 0, 0}, {0, 1, 0});
  expect_near((a * b) * c, a * (b * c), 1e-3f);
  expect_near(a * identity(), a, 0);
  expect_near(identity() * a, a, 0);
  // (B * C) applied to p equals B applied to (C applied to p).
  const Vec3 p{0.3f, -1.2f, 2.5f};
  const Vec4 once = transform_point(b * c, p);
  const Vec4 twice = b * transform_point(c, p);
  EXPECT_NEAR(once.x, twice.x, 1e-4);
  EXPECT_NEAR(once.y, twice.y, 1e-4);
  EXPECT_NEAR(once.z, twice.z, 1e-4);
  EXPECT_NEAR(once.w, twice.w, 1e-4);
  // A hand-checked product: scale then translate.
  Mat4 scale = identity(), translate = identity();
  scale(0, 0) = 2;
  translate(0, 3) = 5;
  EXPECT_FLOAT_EQ(project(translate * scale, {1, 0, 0}).x, 7);
  EXPECT_FLOAT_EQ(project(scale * translate, {1, 0, 0}).x, 12);
}

// ---------------------------------------------------------------------------------------------
// Meshes

void expect_well_formed(const Mesh& mesh, const std::string& what) {
  ASSERT_FALSE(mesh.indices.empty()) << what;
  EXPECT_EQ(mesh.indices.size() % 3, 0u) << what;
  for (uint32_t i : mesh.indices) ASSERT_LT(i, mesh.vertices.size()) << what;
  for (const Vertex& v : mesh.vertices) {
    ASSERT_NEAR(length(vec(v.normal)), 1, 1e-5) << what;
    for (float c : v.color) ASSERT_TRUE(c >= 0 && c <= 1) << what;
  }
}

// Every triangle counter-clockwise seen from outside: its geometric normal agrees with the
// vertex normals, which point outward.
void expect_counter_clockwise(const Mesh& mesh, const std::string& what) {
  int bad = 0;
  for (size_t t = 0; t < mesh.indices.size(); t += 3) {
    const Vertex& a = mesh.vertices[mesh.indices[t]];
    const Vertex& b = mesh.vertices[mesh.indices[t + 1]];
    const Vertex& c = mesh.vertices[mesh.indices[t + 2]];
    const Vec3 face = cross(vec(b.position) - vec(a.position), vec(c.position) - vec(a.position));
    const Vec3 n = vec(a.normal) + vec(b.normal) + vec(c.normal);
    if (!(dot(face, n) > 0)) ++bad;
  }
  EXPECT_EQ(bad, 0) << what << ": triangles not counter-clockwise from outside";
}

TEST(ShadowMesh, SceneMeshIsWellFormed) {
  const Mesh mesh = build_world_mesh(demo_world());
  expect_well_formed(mesh, "scene");
  expect_counter_clockwise(mesh, "scene");
  EXPECT_GT(mesh.indices.size(), 3u * 2 * 20 * 20);
}

TEST(ShadowMesh, GroundCoversTheSquareFacingUp) {
  Mesh ground;
  append_ground(ground);
  expect_well_formed(ground, "ground");
  expect_counter_clockwise(ground, "ground");
  EXPECT_EQ(ground.vertices.size(), 21u * 21u);
  EXPECT_EQ(ground.indices.size(), 20u * 20u * 6u);
  float min_x = 1e9f, max_x = -1e9f, min_z = 1e9f, max_z = -1e9f;
  for (const Vertex& v : ground.vertices) {
    EXPECT_EQ(v.position[1], 0);
    EXPECT_EQ(v.normal[1], 1);
    min_x = std::min(min_x, v.position[0]);
    max_x = std::max(max_x, v.position[0]);
    min_z = std::min(min_z, v.position[2]);
    max_z = std::max(max_z, v.position[2]);
  }
  EXPECT_FLOAT_EQ(min_x, -kGroundHalfSize);
  EXPECT_FLOAT_EQ(max_x, kGroundHalfSize);
  EXPECT_FLOAT_EQ(min_z, -kGroundHalfSize);
  EXPECT_FLOAT_EQ(max_z, kGroundHalfSize);
}

TEST(ShadowMesh, EveryObjectFacesOutwardAndLiesOnItsSurface) {
  for (const WorldObject& o : demo_world()) {
    Mesh mesh;
    append_object(mesh, o);
    expect_well_formed(mesh, o.name);
    expect_counter_clockwise(mesh, o.name);
    const Bounds b = object_bounds(o);
    for (const Vertex& v : mesh.vertices) {
      const Vec3 p = vec(v.position), n = vec(v.normal);
      switch (o.shape) {
        case WorldObject::Shape::Box:
          // A corner of the box, its normal one of the axes.
          ASSERT_TRUE(std::abs(p.x - b.min.x) < 1e-5f || std::abs(p.x - b.max.x) < 1e-5f) << o.name;
          ASSERT_TRUE(std::abs(p.y - b.min.y) < 1e-5f || std::abs(p.y - b.max.y) < 1e-5f) << o.name;
          ASSERT_TRUE(std::abs(p.z - b.min.z) < 1e-5f || std::abs(p.z - b.max.z) < 1e-5f) << o.name;
          ASSERT_FLOAT_EQ(std::abs(n.x) + std::abs(n.y) + std::abs(n.z), 1) << o.name;
          break;
        case WorldObject::Shape::Sphere:
          ASSERT_NEAR(length(p - o.center), o.radius, 1e-5) << o.name;
          expect_near(n, normalize(p - o.center), 1e-5f);
          break;
        case WorldObject::Shape::Torus: {
          const Vec3 q = p - o.center;
          const float ring = std::hypot(q.x, q.z) - o.radius;
          ASSERT_NEAR(std::hypot(ring, q.y), o.minor_radius, 1e-5) << o.name;
          break;
        }
      }
      // Curved surfaces: the exact ray query, from just outside along the normal, agrees.
      if (o.shape != WorldObject::Shape::Box) {
        const auto hit = intersect(o, p + n * 0.05f, -n);
        ASSERT_TRUE(hit.has_value()) << o.name;
        ASSERT_NEAR(*hit, 0.05f, 1e-3) << o.name;
      }
    }
    switch (o.shape) {
      case WorldObject::Shape::Box:
        EXPECT_EQ(mesh.vertices.size(), 24u);
        EXPECT_EQ(mesh.indices.size(), 36u);
        break;
      case WorldObject::Shape::Sphere:
        EXPECT_EQ(mesh.vertices.size(), 49u * 25u);
        EXPECT_EQ(mesh.indices.size(), 48u * 24u * 6u - 2u * 48u * 3u);  // no degenerate pole triangles
        break;
      case WorldObject::Shape::Torus:
        EXPECT_EQ(mesh.vertices.size(), 65u * 25u);
        EXPECT_EQ(mesh.indices.size(), 64u * 24u * 6u);
        break;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Scene layout

TEST(ShadowScene, HasEveryShapeWithinTheCentralArea) {
  const auto& objects = demo_world();
  ASSERT_GE(objects.size(), 5u);
  bool box = false, sphere = false, torus = false;
  for (const WorldObject& o : objects) {
    box |= o.shape == WorldObject::Shape::Box;
    sphere |= o.shape == WorldObject::Shape::Sphere;
    torus |= o.shape == WorldObject::Shape::Torus;
    const Bounds b = object_bounds(o);
    EXPECT_GE(b.min.x, -6) << o.name;
    EXPECT_LE(b.max.x, 6) << o.name;
    EXPECT_GE(b.min.z, -6) << o.name;
    EXPECT_LE(b.max.z, 6) << o.name;
    EXPECT_GE(b.min.y, 0) << o.name << " sinks into the ground";
  }
  EXPECT_TRUE(box && sphere && torus);
}

TEST(ShadowScene, ObjectsLieWithinSceneBounds) {
  const Bounds s = world_bounds();
  EXPECT_FLOAT_EQ(s.min.x, -kGroundHalfSize);
  EXPECT_FLOAT_EQ(s.max.z, kGroundHalfSize);
  EXPECT_FLOAT_EQ(s.min.y, 0);
  for (const WorldObject& o : demo_world()) {
    for (const Vec3& c : corners(object_bounds(o))) {
      EXPECT_TRUE(c.x >= s.min.x && c.x <= s.max.x && c.y >= s.min.y && c.y <= s.max.y && c.z >= s.min.z &&
                  c.z <= s.max.z)
          << o.name;
    }
  }
  EXPECT_FLOAT_EQ(s.max.y, object_bounds(object_named("pillar")).max.y);
}

TEST(ShadowScene, BoundingBoxesDoNotOverlap) {
  const auto& objects = demo_world();
  for (size_t i = 0; i < objects.size(); ++i) {
    for (size_t j = i + 1; j < objects.size(); ++j) {
      const Bounds a = object_bounds(objects[i]), b = object_bounds(objects[j]);
      const bool apart = a.max.x < b.min.x || b.max.x < a.min.x || a.max.y < b.min.y || b.max.y < a.min.y ||
                         a.max.z < b.min.z || b.max.z < a.min.z;
      EXPECT_TRUE(apart) << objects[i].name << " overlaps " << objects[j].name;
    }
  }
}

TEST(ShadowScene, HeightsDiffer) {
  const auto& objects = demo_world();
  for (size_t i = 0; i < objects.size(); ++i) {
    for (size_t j = i + 1; j < objects.size(); ++j) {
      EXPECT_GT(std::abs(object_bounds(objects[i]).max.y - object_bounds(objects[j]).max.y), 0.1f)
          << objects[i].name << " and " << objects[j].name;
    }
  }
}

TEST(ShadowScene, RestingObjectsTouchTheGroundHoveringOnesDoNot) {
  for (const char* name : {"pillar", "cube", "resting sphere"}) {
    EXPECT_NEAR(object_bounds(object_named(name)).min.y, 0, 1e-6) << name;
  }
  const WorldObject& floating = object_named("floating sphere");
  EXPECT_EQ(floating.shape, WorldObject::Shape::Sphere);
  EXPECT_GT(floating.center.y - floating.radius, 0.5f);  // no contact point under it
  const auto up = intersect(floating, {floating.center.x, -1, floating.center.z}, {0, 1, 0});
  ASSERT_TRUE(up.has_value());
  EXPECT_GT(-1 + *up, 0.5f);  // a ray up from under the ground meets it well above the ground
  const WorldObject& torus = object_named("hovering torus");
  EXPECT_GT(object_bounds(torus).min.y, 0.3f);
  // The pillar is tall and thin.
  const WorldObject& pillar = object_named("pillar");
  EXPECT_GT(pillar.half_extent.y, 4 * pillar.half_extent.x);
}

TEST(ShadowScene, ShadowsFallOnTheGroundForElevationsFrom30Degrees) {
  for (float az = 0; az < 360; az += 15) {
    for (float el : {30.0f, 45.0f, 70.0f, 90.0f}) {
      const Vec3 away = -LightRig(az, el).direction_to_light();
      for (const WorldObject& o : demo_world()) {
        for (const Vec3& c : corners(object_bounds(o))) {
          if (c.y == 0) continue;
          EXPECT_TRUE(ground_hit(c, away).has_value()) << o.name << " az " << az << " el " << el;
        }
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Camera

TEST(ShadowCamera, DefaultsFrameEveryObject) {
  const OrbitCamera camera;
  EXPECT_GT(camera.eye().y, 3);  // from above
  for (float aspect : {16.0f / 9, 4.0f / 3}) {
    const Mat4 vp = camera.view_projection(aspect);
    for (const WorldObject& o : demo_world()) {
      for (const Vec3& c : corners(object_bounds(o))) {
        const Vec3 ndc = project(vp, c);
        EXPECT_TRUE(std::abs(ndc.x) < 0.95f && std::abs(ndc.y) < 0.95f && ndc.z > -1 && ndc.z < 1)
            << o.name << " at aspect " << aspect;
      }
    }
  }
  // The target is at the centre of the screen.
  const Vec3 t = project(camera.view_projection(1.5f), camera.target());
  EXPECT_NEAR(t.x, 0, 1e-5);
  EXPECT_NEAR(t.y, 0, 1e-5);
}

TEST(ShadowCamera, OrbitsAtItsDistanceAndClamps) {
  OrbitCamera camera;
  camera.set(1.0f, 0.4f, 12);
  EXPECT_NEAR(length(camera.eye() - camera.target()), 12, 1e-4);
  EXPECT_NEAR(std::asin((camera.eye().y - camera.target().y) / 12), 0.4f, 1e-4);
  camera.rotate(0.2f, 10);
  EXPECT_FLOAT_EQ(camera.pitch(), OrbitCamera::kMaxPitch);
  EXPECT_NEAR(camera.yaw(), 1.2f, 1e-6);
  camera.rotate(0, -10);
  EXPECT_FLOAT_EQ(camera.pitch(), OrbitCamera::kMinPitch);
  camera.zoom(100);
  EXPECT_FLOAT_EQ(camera.distance(), OrbitCamera::kMaxDistance);
  camera.zoom(0.001f);
  EXPECT_FLOAT_EQ(camera.distance(), OrbitCamera::kMinDistance);
  // Near and far planes as documented.
  const Mat4 p = camera.projection(1);
  EXPECT_NEAR(project(p, {0, 0, -OrbitCamera::kNear}).z, -1, 1e-5);
  EXPECT_NEAR(project(p, {0, 0, -OrbitCamera::kFar}).z, 1, 1e-4);
}

// ---------------------------------------------------------------------------------------------
// Light

TEST(ShadowLight, DirectionPointsUpTowardTheLight) {
  for (float az = -180; az <= 360; az += 30) {
    for (float el : {5.0f, 30.0f, 60.0f, 89.0f, 90.0f}) {
      const Vec3 d = LightRig(az, el).direction_to_light();
      EXPECT_NEAR(length(d), 1, 1e-6);
      EXPECT_GT(d.y, 0);
      EXPECT_NEAR(std::asin(d.y) * 180 / kPi, el, 1e-2);
    }
  }
  expect_near(LightRig(123, 90).direction_to_light(), {0, 1, 0}, 1e-6f);
  expect_near(LightRig(0, 0.0f).direction_to_light(), LightRig(0, 1).direction_to_light(), 0);  // clamped
  expect_near(LightRig(0, 45).direction_to_light(), normalize({1, 1, 0}), 1e-6f);
  expect_near(LightRig(90, 45).direction_to_light(), normalize({0, 1, -1}), 1e-6f);
}

TEST(ShadowLight, SceneFitsTheLightViewAtEveryAngle) {
  const Bounds bounds = world_bounds();
  for (float az = 0; az < 360; az += 20) {
    for (float el : {1.0f, 30.0f, 45.0f, 60.0f, 89.5f, 90.0f}) {
      const LightRig light(az, el);
      const Mat4 vp = light.view_projection(bounds);
      for (const Vec3& c : corners(bounds)) {
        const Vec4 clip = transform_point(vp, c);
        EXPECT_FLOAT_EQ(clip.w, 1);  // orthographic
        const Vec3 ndc = project(vp, c);
        EXPECT_TRUE(std::abs(ndc.x) <= 1 && std::abs(ndc.y) <= 1 && std::abs(ndc.z) <= 1)
            << "az " << az << " el " << el;
        const float depth = light.linear_depth(c, bounds);
        EXPECT_TRUE(depth >= 0 && depth <= 1) << "az " << az << " el " << el;
      }
    }
  }
}

TEST(ShadowLight, DepthAndWidthScalesMatchTheMatrix) {
  const LightRig light(35, 50);
  const Mat4 vp = light.view_projection();  // the demo scene's bounds by default
  const Vec3 dir = light.direction_to_light();
  const Vec3 p{1, 0.5f, -2};
  // Toward the light: nearer, by 1 / depth_range per world unit.
  EXPECT_LT(light.linear_depth(p + dir), light.linear_depth(p));
  EXPECT_NEAR(light.linear_depth(p) - light.linear_depth(p + dir), 1 / light.depth_range(), 1e-5);
  EXPECT_NEAR(project(vp, p).z - project(vp, p + dir).z, 2 / light.depth_range(), 1e-5);
  // Across the light direction: world_per_ndc_xy world units per NDC unit.
  const Vec3 across = normalize(cross(dir, {0, 1, 0}));
  const Vec3 a = project(vp, p), b = project(vp, p + across * light.world_per_ndc_xy());
  EXPECT_NEAR(std::hypot(b.x - a.x, b.y - a.y), 1, 1e-4);
  EXPECT_NEAR(b.z, a.z, 1e-5);
  // The fit is the bounds' bounding sphere: about half the diagonal, the same at every angle.
  const Bounds s = world_bounds();
  EXPECT_NEAR(light.world_per_ndc_xy(), 0.5f * length(s.max - s.min), 0.01f * length(s.max - s.min));
  EXPECT_FLOAT_EQ(light.world_per_ndc_xy(), LightRig(200, 80).world_per_ndc_xy());
  EXPECT_FLOAT_EQ(light.depth_range(), 2 * light.world_per_ndc_xy());
}

// ---------------------------------------------------------------------------------------------
// Ray queries

TEST(ShadowRays, StraightDownOntoTheCubeHitsItsTop) {
  const WorldObject& cube = object_named("cube");
  const float top = cube.center.y + cube.half_extent.y;
  EXPECT_FLOAT_EQ(top, 1.5f);
  const Vec3 origin{cube.center.x + 0.3f, 5, cube.center.z - 0.2f};
  const auto t = intersect(cube, origin, {0, -1, 0});
  ASSERT_TRUE(t.has_value());
  EXPECT_NEAR(*t, 5 - top, 1e-5);
  // Beside the cube: a miss. From inside: where the ray leaves.
  EXPECT_FALSE(intersect(cube, {cube.center.x + 1, 5, cube.center.z}, {0, -1, 0}).has_value());
  const auto out = intersect(cube, cube.center, {1, 0, 0});
  ASSERT_TRUE(out.has_value());
  EXPECT_NEAR(*out, cube.half_extent.x, 1e-5);
  // Behind the ray: no hit.
  EXPECT_FALSE(intersect(cube, origin, {0, 1, 0}).has_value());
}

TEST(ShadowRays, ThroughTheSphereCenterHitsAtDistanceMinusRadius) {
  for (const char* name : {"floating sphere", "resting sphere"}) {
    const WorldObject& s = object_named(name);
    const Vec3 dir = normalize({-1, 0.3f, 2});
    const Vec3 origin = s.center - dir * 7;
    const auto t = intersect(s, origin, dir);
    ASSERT_TRUE(t.has_value()) << name;
    EXPECT_NEAR(*t, 7 - s.radius, 1e-5) << name;
    // Passing just outside the radius: a miss.
    const Vec3 side = normalize(cross(dir, {0, 1, 0}));
    EXPECT_FALSE(intersect(s, origin + side * (s.radius * 1.01f), dir).has_value()) << name;
    EXPECT_TRUE(intersect(s, origin + side * (s.radius * 0.99f), dir).has_value()) << name;
  }
}

TEST(ShadowRays, TorusHoleMissesTubeHits) {
  const WorldObject& tor = object_named("hovering torus");
  ASSERT_EQ(tor.shape, WorldObject::Shape::Torus);
  const Vec3 c = tor.center;
  const float major = tor.radius, minor = tor.minor_radius;
  // Straight down through the hole, and through it at a slant.
  EXPECT_FALSE(intersect(tor, c + Vec3{0, 5, 0}, {0, -1, 0}).has_value());
  EXPECT_FALSE(intersect(tor, c + Vec3{0.3f, 5, -0.2f}, normalize({-0.1f, -1, 0.05f})).has_value());
  // Down onto the top of the tube.
  auto t = intersect(tor, c + Vec3{major, 5, 0}, {0, -1, 0});
  ASSERT_TRUE(t.has_value());
  EXPECT_NEAR(*t, 5 - minor, 1e-4);
  t = intersect(tor, c + Vec3{0, 5, -major}, {0, -1, 0});
  ASSERT_TRUE(t.has_value());
  EXPECT_NEAR(*t, 5 - minor, 1e-4);
  // Along the equator from outside: the outer rim. From the middle of the hole: the inner rim.
  t = intersect(tor, c + Vec3{6, 0, 0}, {-1, 0, 0});
  ASSERT_TRUE(t.has_value());
  EXPECT_NEAR(*t, 6 - (major + minor), 1e-4);
  t = intersect(tor, c, {0, 0, 1});
  ASSERT_TRUE(t.has_value());
  EXPECT_NEAR(*t, major - minor, 1e-4);
  // Above the tube, clear of it: a miss.
  EXPECT_FALSE(intersect(tor, c + Vec3{-6, minor * 1.05f, 0}, {1, 0, 0}).has_value());
  // From inside the tube: where the ray leaves it.
  t = intersect(tor, c + Vec3{major, 0, 0}, {0, 1, 0});
  ASSERT_TRUE(t.has_value());
  EXPECT_NEAR(*t, minor, 1e-4);
  // A slanted ray: its hit lies on the surface.
  const Vec3 origin{c.x - 4, c.y + 3, c.z + 1}, dir = normalize(c + Vec3{-major, 0.1f, 0} - origin);
  t = intersect(tor, origin, dir);
  ASSERT_TRUE(t.has_value());
  const Vec3 q = origin + dir * *t - c;
  EXPECT_NEAR(std::hypot(std::hypot(q.x, q.z) - major, q.y), minor, 1e-4);
}

TEST(ShadowRays, GroundHitWithinTheSquare) {
  const auto p = ground_hit({1, 5, -2}, normalize({1, -1, 0}));
  ASSERT_TRUE(p.has_value());
  expect_near(*p, {6, 0, -2}, 1e-4f);
  EXPECT_FALSE(ground_hit({1, 5, -2}, {0, 1, 0}).has_value());                // away from the plane
  EXPECT_FALSE(ground_hit({1, 5, -2}, {1, 0, 0}).has_value());                // parallel
  EXPECT_FALSE(ground_hit({9, 1, 0}, normalize({1, -0.1f, 0})).has_value());  // past the edge
}

TEST(ShadowRays, UnderTheFloatingSphereIsInShadowFromAbove) {
  const WorldObject& floating = object_named("floating sphere");
  const Vec3 up{0, 1, 0};
  EXPECT_TRUE(occluded({floating.center.x, 0, floating.center.z}, up));
  EXPECT_TRUE(occluded({floating.center.x + 0.7f * floating.radius, 0, floating.center.z}, up));
  EXPECT_FALSE(occluded({floating.center.x + 1.05f * floating.radius, 0, floating.center.z}, up));
  EXPECT_FALSE(occluded({9, 0, 9}, up));
  for (float az = 0; az < 360; az += 45) EXPECT_FALSE(occluded({9, 0, 9}, LightRig(az, 40).direction_to_light()));
}

TEST(ShadowRays, PillarShadowFallsAwayFromTheLight) {
  // Light from +x at 45 degrees: the pillar's shadow runs toward -x, as long as the pillar is tall.
  const WorldObject& pillar = object_named("pillar");
  const Vec3 to_light = LightRig(0, 45).direction_to_light();
  const float height = 2 * pillar.half_extent.y;
  const Vec3 foot{pillar.center.x, 0, pillar.center.z};
  EXPECT_TRUE(occluded(foot + Vec3{-0.5f * height, 0, 0}, to_light));
  EXPECT_TRUE(occluded(foot + Vec3{-0.9f * height, 0, 0}, to_light));
  EXPECT_FALSE(occluded(foot + Vec3{0.5f * height, 0, 0}, to_light));      // the mirror point
  EXPECT_FALSE(occluded(foot + Vec3{-1.2f * height, 0, 0}, to_light));     // past the tip
  EXPECT_FALSE(occluded(foot + Vec3{-0.5f * height, 0, 0.6f}, to_light));  // beside the shadow
  // The ray from the shadow enters the pillar through its face turned away from the light.
  const Vec3 ground{foot.x - 0.5f * height, 0, foot.z};
  const auto t = intersect(pillar, ground, to_light);
  ASSERT_TRUE(t.has_value());
  EXPECT_NEAR((ground + to_light * *t).x, pillar.center.x - pillar.half_extent.x, 1e-4);
}

}  // namespace
}  // namespace satlab::shadows
