#version 330 core
// Shading pass of the shadow demo: camera view, plus each vertex's place in the shadow map.
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec3 a_color;

uniform mat4 u_view_projection;
uniform mat4 u_light_view_projection;
uniform float u_normal_offset;  // world units: looks the map up slightly off the surface (no acne)

out vec3 v_normal;
out vec3 v_color;
out vec3 v_light;  // shadow-map coordinates: xy in [0, 1], z = light-space depth in [0, 1]

void main() {
  vec4 clip = u_view_projection * vec4(a_position, 1.0);
  // Row 0 of the target texture is the image's top row (as every frame satlab shows).
  gl_Position = vec4(clip.x, -clip.y, clip.z, clip.w);
  vec4 light = u_light_view_projection * vec4(a_position + u_normal_offset * a_normal, 1.0);
  v_light = light.xyz * 0.5 + 0.5;  // orthographic: w = 1
  v_normal = a_normal;
  v_color = a_color;
}
