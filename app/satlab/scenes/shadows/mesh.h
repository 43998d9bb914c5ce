// Triangle meshes of the shadow demo's world, for one vertex buffer and one index buffer: the
// ground square and every object. Counter-clockwise triangles seen from outside (GL's default
// front faces), outward unit normals, a colour per vertex.
#pragma once

#include <cstdint>
#include <vector>

#include "scenes/shadows/world.h"

namespace satlab::shadows {

struct Vertex {
  float position[3];
  float normal[3];
  float color[3];
};

struct Mesh {
  std::vector<Vertex> vertices;
  std::vector<uint32_t> indices;  // triangles
};

// The ground (20x20 cells, light gray) followed by every object.
Mesh build_world_mesh(const std::vector<WorldObject>& objects);

// The ground square at y = 0, normal +y, subdivided so that it is not two huge triangles.
void append_ground(Mesh& mesh);
// One object: box 24 vertices (flat faces), sphere 48x24, torus 64x24 segments.
void append_object(Mesh& mesh, const WorldObject& object);

}  // namespace satlab::shadows
