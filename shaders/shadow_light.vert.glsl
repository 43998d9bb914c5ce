#version 330 core
// Light pass of the shadow demo: the scene seen from the directional light (orthographic).
layout(location = 0) in vec3 a_position;
uniform mat4 u_light_view_projection;

void main() { gl_Position = u_light_view_projection * vec4(a_position, 1.0); }
