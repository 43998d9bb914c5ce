#version 330 core
// Shading pass of the shadow demo: Lambert lighting times the light's visibility from one of four
// shadow techniques. The summed-area-table lookups mirror app/satlab/shadows/moment_encoding.h and
// moment_table.cpp (keep them in step).
in vec3 v_normal;
in vec3 v_color;
in vec3 v_light;
out vec4 o_color;

const int kHard = 0, kPcf = 1, kSavsm = 2, kSavsmVariable = 3;
const int kFloat32 = 0, kFloat32Centered = 1, kFixed32 = 2;
const float kMaxBox = 255.0;  // kMaxBoxTexels

uniform int u_mode;
uniform int u_precision;
uniform sampler2D u_moments;    // RG32F (z, z²), for the hard and PCF modes
uniform sampler2D u_sat_float;  // RG32F summed-area table (fp32 precisions)
uniform usampler2D u_sat_uint;  // RG32UI summed-area table (fixed point)
uniform int u_map_size;
uniform float u_fixed_scale;
uniform float u_box_texels;          // fixed filter box (PCF, SAVSM)
uniform float u_penumbra_texels;     // penumbra width in texels per unit of depth difference
uniform float u_min_variance;
uniform float u_bleeding;
uniform float u_depth_bias;          // hard and PCF comparisons
uniform vec3 u_light_dir;            // toward the light
uniform vec3 u_sky, u_ground_bounce; // ambient light from above and below

// --- summed-area table taps --------------------------------------------------------------------

// Box sums (Σz, Σz²) and the texel count of the n×n box whose first texel is lo, clipped to the
// map; four taps at its corners.
vec3 box_float(ivec2 lo, int n) {
  ivec2 a = max(lo, ivec2(0)) - 1, b = min(lo + n - 1, ivec2(u_map_size - 1));
  if (any(lessThan(b, a + 1))) return vec3(0.0);
  vec2 s = texelFetch(u_sat_float, b, 0).xy;
  if (a.x >= 0) s -= texelFetch(u_sat_float, ivec2(a.x, b.y), 0).xy;
  if (a.y >= 0) s -= texelFetch(u_sat_float, ivec2(b.x, a.y), 0).xy;
  if (a.x >= 0 && a.y >= 0) s += texelFetch(u_sat_float, a, 0).xy;
  return vec3(s, float((b.x - a.x) * (b.y - a.y)));
}

vec3 box_fixed(ivec2 lo, int n) {
  ivec2 a = max(lo, ivec2(0)) - 1, b = min(lo + n - 1, ivec2(u_map_size - 1));
  if (any(lessThan(b, a + 1))) return vec3(0.0);
  // uint arithmetic wraps around: the box sum is exact (the table itself overflowed long ago).
  uvec2 s = texelFetch(u_sat_uint, b, 0).xy;
  if (a.x >= 0) s -= texelFetch(u_sat_uint, ivec2(a.x, b.y), 0).xy;
  if (a.y >= 0) s -= texelFetch(u_sat_uint, ivec2(b.x, a.y), 0).xy;
  if (a.x >= 0 && a.y >= 0) s += texelFetch(u_sat_uint, a, 0).xy;
  return vec3(vec2(s) / u_fixed_scale, float((b.x - a.x) * (b.y - a.y)));
}

vec3 box_sums(ivec2 lo, int n) { return u_precision == kFixed32 ? box_fixed(lo, n) : box_float(lo, n); }

// Mean depth and mean squared depth over a box of `size` texels centred on map position `texel`
// (continuous, texel units). The box slides smoothly: the four boxes at the neighbouring integer
// positions are blended bilinearly (16 taps), as a filtered SAT lookup would be.
vec2 box_moments(vec2 texel, float size) {
  int n = int(clamp(floor(size + 0.5), 1.0, kMaxBox));
  vec2 start = texel - 0.5 * float(n);
  vec2 f = fract(start);
  ivec2 lo = ivec2(floor(start));
  vec3 s = mix(mix(box_sums(lo, n), box_sums(lo + ivec2(1, 0), n), f.x),
               mix(box_sums(lo + ivec2(0, 1), n), box_sums(lo + ivec2(1, 1), n), f.x), f.y);
  if (s.z <= 0.0) return vec2(1.0, 1.0);  // off the map: nothing in front
  vec2 m = s.xy / s.z;
  // Centred moments: shift back (the variance does not change under a shift).
  if (u_precision == kFloat32Centered) m = vec2(m.x + 0.5, m.y + m.x + 0.25);
  return m;
}

// --- visibility ---------------------------------------------------------------------------------

// One-tailed Chebyshev bound on the fraction of the box that does not occlude depth t, then the
// light-bleeding reduction.
float chebyshev(vec2 m, float t) {
  if (t <= m.x) return 1.0;
  float variance = max(m.y - m.x * m.x, u_min_variance);
  float d = t - m.x;
  float p = variance / (variance + d * d);
  return clamp((p - u_bleeding) / (1.0 - u_bleeding), 0.0, 1.0);
}

float savsm(vec2 texel, float t) { return chebyshev(box_moments(texel, u_box_texels), t); }

// Variable penumbra (PCSS with the blocker search done by the table, as in variance soft shadow
// maps): over the region that may hold blockers, the Chebyshev bound gives the fraction p of
// non-blockers; taking those at depth t, the blockers' mean depth is (μ − p·t) / (1 − p). The
// penumbra then grows with the receiver's distance from the blockers: sharp at contact.
float savsm_variable(vec2 texel, float t) {
  float search = clamp(t * u_penumbra_texels, 1.0, kMaxBox);
  vec2 m = box_moments(texel, search);
  if (t <= m.x) return 1.0;
  float variance = max(m.y - m.x * m.x, u_min_variance);
  float d = t - m.x;
  float p = variance / (variance + d * d);
  if (p > 0.999) return 1.0;
  float blocker = clamp((m.x - p * t) / (1.0 - p), 0.0, t);
  float size = clamp((t - blocker) * u_penumbra_texels, 1.0, kMaxBox);
  return chebyshev(box_moments(texel, size), t);
}

float hard(vec2 texel, float t) {
  float z = texelFetch(u_moments, clamp(ivec2(texel), ivec2(0), ivec2(u_map_size - 1)), 0).x;
  return t - u_depth_bias <= z ? 1.0 : 0.0;
}

// Percentage-closer filtering over the same box: one comparison per texel, capped at 31×31 taps
// (wider boxes are sampled sparsely), so its cost grows with the box while SAVSM's does not.
float pcf(vec2 texel, float t) {
  int n = int(clamp(floor(u_box_texels + 0.5), 1.0, kMaxBox));
  int taps = min(n, 31);
  float stride = float(n) / float(taps);
  vec2 first = texel - 0.5 * float(n) + 0.5 * stride;
  float lit = 0.0;
  for (int j = 0; j < taps; ++j)
    for (int i = 0; i < taps; ++i) lit += hard(first + stride * vec2(i, j), t);
  return lit / float(taps * taps);
}

float visibility(vec3 light) {
  if (any(lessThan(light.xy, vec2(0.0))) || any(greaterThan(light.xy, vec2(1.0)))) return 1.0;
  vec2 texel = light.xy * float(u_map_size);
  float t = light.z;
  if (u_mode == kHard) return hard(texel, t);
  if (u_mode == kPcf) return pcf(texel, t);
  if (u_mode == kSavsm) return savsm(texel, t);
  return savsm_variable(texel, t);
}

void main() {
  vec3 n = normalize(v_normal);
  float lambert = max(dot(n, u_light_dir), 0.0);
  float lit = lambert > 0.0 ? visibility(v_light) : 0.0;
  vec3 ambient = mix(u_ground_bounce, u_sky, 0.5 + 0.5 * n.y);
  vec3 color = v_color * (ambient + vec3(lambert * lit));
  o_color = vec4(pow(clamp(color, 0.0, 1.0), vec3(1.0 / 2.2)), 1.0);
}
