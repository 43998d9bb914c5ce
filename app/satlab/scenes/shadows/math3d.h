// Small 3D math for the shadow demo: vectors, 4x4 matrices and the OpenGL camera transforms
// (gluPerspective, glOrtho, gluLookAt). Matrices are column-major like OpenGL, element (row, col)
// at m[col*4 + row], so data() uploads as is with glUniformMatrix4fv(..., GL_FALSE, data()).
// Clip space is OpenGL's: x, y, z in [-1, 1] after the divide by w.
#pragma once

#include <cmath>

namespace satlab::shadows {

struct Vec3 {
  float x = 0, y = 0, z = 0;
};

struct Vec4 {
  float x = 0, y = 0, z = 0, w = 0;
};

inline Vec3 operator+(Vec3 a, Vec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
inline Vec3 operator-(Vec3 a, Vec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline Vec3 operator-(Vec3 a) { return {-a.x, -a.y, -a.z}; }
inline Vec3 operator*(Vec3 a, float s) { return {a.x * s, a.y * s, a.z * s}; }
inline Vec3 operator*(float s, Vec3 a) { return a * s; }
inline Vec3 operator/(Vec3 a, float s) { return {a.x / s, a.y / s, a.z / s}; }
inline Vec3& operator+=(Vec3& a, Vec3 b) { return a = a + b; }
inline Vec3& operator-=(Vec3& a, Vec3 b) { return a = a - b; }

inline float dot(Vec3 a, Vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline Vec3 cross(Vec3 a, Vec3 b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
inline float length(Vec3 a) { return std::sqrt(dot(a, a)); }
// A zero vector stays zero rather than turning into NaNs.
inline Vec3 normalize(Vec3 a) {
  const float len = length(a);
  return len > 0 ? a / len : a;
}

struct Mat4 {
  float m[16] = {};  // column-major: element (row, col) at m[col*4 + row]

  float& operator()(int row, int col) { return m[col * 4 + row]; }
  float operator()(int row, int col) const { return m[col * 4 + row]; }
  const float* data() const { return m; }
};

inline Mat4 identity() {
  Mat4 r;
  for (int i = 0; i < 4; ++i) r(i, i) = 1;
  return r;
}

inline Mat4 operator*(const Mat4& a, const Mat4& b) {
  Mat4 r;
  for (int row = 0; row < 4; ++row) {
    for (int col = 0; col < 4; ++col) {
      float sum = 0;
      for (int k = 0; k < 4; ++k) sum += a(row, k) * b(k, col);
      r(row, col) = sum;
    }
  }
  return r;
}

inline Vec4 operator*(const Mat4& a, Vec4 v) {
  const float in[4] = {v.x, v.y, v.z, v.w};
  float out[4];
  for (int row = 0; row < 4; ++row) {
    out[row] = a(row, 0) * in[0] + a(row, 1) * in[1] + a(row, 2) * in[2] + a(row, 3) * in[3];
  }
  return {out[0], out[1], out[2], out[3]};
}

// The point (w = 1) in clip space, before the divide by w.
inline Vec4 transform_point(const Mat4& a, Vec3 p) { return a * Vec4{p.x, p.y, p.z, 1}; }

// The point after the divide by w: normalized device coordinates for a view-projection matrix.
inline Vec3 project(const Mat4& a, Vec3 p) {
  const Vec4 c = transform_point(a, p);
  return {c.x / c.w, c.y / c.w, c.z / c.w};
}

// gluPerspective: eye space looks down -z; depth -near maps to NDC z = -1, -far to +1.
inline Mat4 perspective(float fovy_radians, float aspect, float near_z, float far_z) {
  const float f = 1.0f / std::tan(0.5f * fovy_radians);
  Mat4 r;
  r(0, 0) = f / aspect;
  r(1, 1) = f;
  r(2, 2) = (far_z + near_z) / (near_z - far_z);
  r(2, 3) = 2 * far_z * near_z / (near_z - far_z);
  r(3, 2) = -1;
  return r;
}

// glOrtho: the box [l, r] x [b, t] x [-n, -f] in eye space onto [-1, 1]^3 (n, f are distances
// in front of the eye, like glOrtho's near and far).
inline Mat4 orthographic(float l, float r, float b, float t, float n, float f) {
  Mat4 o = identity();
  o(0, 0) = 2 / (r - l);
  o(1, 1) = 2 / (t - b);
  o(2, 2) = -2 / (f - n);
  o(0, 3) = -(r + l) / (r - l);
  o(1, 3) = -(t + b) / (t - b);
  o(2, 3) = -(f + n) / (f - n);
  return o;
}

// gluLookAt: the eye goes to the origin, looking down -z, with `up` projected to +y.
inline Mat4 look_at(Vec3 eye, Vec3 center, Vec3 up) {
  const Vec3 f = normalize(center - eye);
  const Vec3 s = normalize(cross(f, up));
  const Vec3 u = cross(s, f);
  Mat4 r = identity();
  r(0, 0) = s.x;
  r(0, 1) = s.y;
  r(0, 2) = s.z;
  r(0, 3) = -dot(s, eye);
  r(1, 0) = u.x;
  r(1, 1) = u.y;
  r(1, 2) = u.z;
  r(1, 3) = -dot(u, eye);
  r(2, 0) = -f.x;
  r(2, 1) = -f.y;
  r(2, 2) = -f.z;
  r(2, 3) = dot(f, eye);
  return r;
}

}  // namespace satlab::shadows
