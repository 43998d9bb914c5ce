#include "scenes/shadows/mesh.h"

#include <cmath>

namespace satlab::shadows {
namespace {

constexpr float kPi = 3.14159265358979323846f;
constexpr int kGroundCells = 20;
constexpr int kSphereSlices = 48, kSphereStacks = 24;
constexpr int kTorusRing = 64, kTorusTube = 24;
const Vec3 kGroundColor{0.78f, 0.78f, 0.76f};

struct SurfacePoint {
  Vec3 position, normal;
};

Vertex vertex(const SurfacePoint& p, Vec3 color) {
  const Vec3 n = normalize(p.normal);
  return {{p.position.x, p.position.y, p.position.z}, {n.x, n.y, n.z}, {color.x, color.y, color.z}};
}

Vec3 position_of(const Mesh& mesh, uint32_t i) {
  const float* p = mesh.vertices[i].position;
  return {p[0], p[1], p[2]};
}

// A (cells_u x cells_v) grid over surface(u, v), u and v in [0, 1]. The surface must be
// parametrized so that cross(dP/du, dP/dv) points outward: then the triangles below are
// counter-clockwise seen from outside. Triangles whose corners coincide (a sphere's poles) are
// left out: they have no facing, and GL would draw nothing for them anyway.
template <typename Surface>
void append_grid(Mesh& mesh, int cells_u, int cells_v, Vec3 color, Surface surface) {
  const auto base = static_cast<uint32_t>(mesh.vertices.size());
  for (int j = 0; j <= cells_v; ++j) {
    for (int i = 0; i <= cells_u; ++i) {
      mesh.vertices.push_back(vertex(surface(float(i) / cells_u, float(j) / cells_v), color));
    }
  }
  const auto index = [&](int i, int j) { return base + static_cast<uint32_t>(j * (cells_u + 1) + i); };
  const auto triangle = [&](uint32_t a, uint32_t b, uint32_t c) {
    const Vec3 pa = position_of(mesh, a);
    if (length(cross(position_of(mesh, b) - pa, position_of(mesh, c) - pa)) < 1e-12f) return;
    mesh.indices.insert(mesh.indices.end(), {a, b, c});
  };
  for (int j = 0; j < cells_v; ++j) {
    for (int i = 0; i < cells_u; ++i) {
      triangle(index(i, j), index(i + 1, j), index(i + 1, j + 1));
      triangle(index(i, j), index(i + 1, j + 1), index(i, j + 1));
    }
  }
}

void append_box(Mesh& mesh, const WorldObject& box) {
  // Each face: its normal n and two edge directions with cross(u, v) = n, so append_grid's
  // winding faces outward. One cell per face: 4 vertices, 24 in all, normals flat per face.
  struct Face {
    Vec3 n, u, v;
  };
  const Vec3 x{1, 0, 0}, y{0, 1, 0}, z{0, 0, 1};
  const Face faces[6] = {{x, y, z}, {-x, z, y}, {y, z, x}, {-y, x, z}, {z, x, y}, {-z, y, x}};
  const Vec3 h = box.half_extent;
  const auto extent = [&](Vec3 axis) {
    return std::abs(axis.x) * h.x + std::abs(axis.y) * h.y + std::abs(axis.z) * h.z;
  };
  for (const Face& f : faces) {
    const Vec3 face_center = box.center + f.n * extent(f.n);
    const Vec3 eu = f.u * extent(f.u), ev = f.v * extent(f.v);
    append_grid(mesh, 1, 1, box.color, [&](float u, float v) {
      return SurfacePoint{face_center + eu * (2 * u - 1) + ev * (2 * v - 1), f.n};
    });
  }
}

void append_sphere(Mesh& mesh, const WorldObject& s) {
  // u: longitude from +x toward +z; v: polar angle from +y down. cross(dP/du, dP/dv) is outward.
  append_grid(mesh, kSphereSlices, kSphereStacks, s.color, [&](float u, float v) {
    const float phi = 2 * kPi * u, theta = kPi * v;
    // Exact poles, so that their triangles' corners coincide and append_grid drops them.
    const bool pole = v == 0 || v == 1;
    const float sin_theta = pole ? 0 : std::sin(theta), cos_theta = pole ? 1 - 2 * v : std::cos(theta);
    const Vec3 n{sin_theta * std::cos(phi), cos_theta, sin_theta * std::sin(phi)};
    return SurfacePoint{s.center + n * s.radius, n};
  });
}

void append_torus(Mesh& mesh, const WorldObject& t) {
  // Axis y. u: around the tube; v: around the ring, from +x toward +z. That order makes
  // cross(dP/du, dP/dv) outward.
  append_grid(mesh, kTorusTube, kTorusRing, t.color, [&](float u, float v) {
    const float tube = 2 * kPi * u, ring = 2 * kPi * v;
    const Vec3 n{std::cos(tube) * std::cos(ring), std::sin(tube), std::cos(tube) * std::sin(ring)};
    const Vec3 tube_center{t.radius * std::cos(ring), 0, t.radius * std::sin(ring)};
    return SurfacePoint{t.center + tube_center + n * t.minor_radius, n};
  });
}

}  // namespace

void append_ground(Mesh& mesh) {
  // u along z, v along x: cross(+z, +x) = +y, so the triangles face up.
  append_grid(mesh, kGroundCells, kGroundCells, kGroundColor, [](float u, float v) {
    return SurfacePoint{{(2 * v - 1) * kGroundHalfSize, 0, (2 * u - 1) * kGroundHalfSize}, {0, 1, 0}};
  });
}

void append_object(Mesh& mesh, const WorldObject& object) {
  switch (object.shape) {
    case WorldObject::Shape::Box:
      append_box(mesh, object);
      break;
    case WorldObject::Shape::Sphere:
      append_sphere(mesh, object);
      break;
    case WorldObject::Shape::Torus:
      append_torus(mesh, object);
      break;
  }
}

Mesh build_world_mesh(const std::vector<WorldObject>& objects) {
  Mesh mesh;
  append_ground(mesh);
  for (const WorldObject& object : objects) append_object(mesh, object);
  return mesh;
}

}  // namespace satlab::shadows
