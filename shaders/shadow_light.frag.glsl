#version 330 core
// Writes the depth moments (z, z²) of the nearest surface into an RG32F texture. With an
// orthographic light gl_FragCoord.z is the linear light-space depth in [0, 1]. The second moment
// gets the depth's variation across the texel (GPU Gems 3, ch. 8: ¼ (∂z/∂x² + ∂z/∂y²)) so that a
// slanted receiver does not shadow itself.
out vec2 o_moments;

void main() {
  float z = gl_FragCoord.z;
  float dx = dFdx(z), dy = dFdy(z);
  o_moments = vec2(z, z * z + 0.25 * (dx * dx + dy * dy));
}
