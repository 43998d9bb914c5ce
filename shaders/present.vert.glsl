#version 330 core
// One triangle covering the whole viewport; positions come from gl_VertexID, so no vertex
// buffer is needed (the presenter binds an empty vertex array, as core profiles require).
void main() {
  vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));  // (0,0) (2,0) (0,2)
  gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
}
