// Shared by moment_table_test.cpp and moment_table_gpu_test.cpp: realistic moment maps, the exact
// int64 reference table, the boxes the tests query, and the fp32 rounding constants.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "sat/types.h"
#include "scenes/shadows/moment_table.h"

namespace satlab::shadows::test {

inline constexpr double kU = 1.0 / 16777216.0;  // 2⁻²⁴
inline constexpr int kGridBits = 28;            // every input is a multiple of 2⁻²⁸
inline constexpr double kSlack = 1e-12;         // float64 arithmetic of decode and reference
inline constexpr std::size_t kTexel = kTableTexelBytes;

inline double gamma_n(double d) { return d * kU / (1.0 - d * kU); }

// A size×size shadow map as the light sees a scene: a tilted ground plane, blocks and discs closer
// to the light (some tilted themselves), a little noise. z ∈ [0.2, 0.95], m2 = fl(z²).
inline std::vector<sat::f32x2> light_view_moments(int size, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  struct Blocker {
    bool disc;
    double cx, cy, rx, ry, z, slope;
  };
  std::vector<Blocker> blockers;
  for (int k = 0; k < 10; ++k) {
    const double cx = unit(rng), cy = unit(rng), rx = 0.03 + 0.15 * unit(rng), ry = 0.03 + 0.15 * unit(rng);
    const double z = 0.22 + 0.2 * unit(rng), slope = 0.05 * (unit(rng) - 0.5);
    blockers.push_back({k % 2 == 0, cx, cy, rx, ry, z, slope});
  }
  std::vector<sat::f32x2> m(std::size_t(size) * size);
  for (int y = 0; y < size; ++y)
    for (int x = 0; x < size; ++x) {
      const double u = double(x) / size, v = double(y) / size;
      double z = 0.55 + 0.25 * u - 0.1 * v;
      for (const Blocker& b : blockers) {
        const double dx = (u - b.cx) / b.rx, dy = (v - b.cy) / b.ry;
        const bool inside = b.disc ? dx * dx + dy * dy <= 1.0 : (std::fabs(dx) <= 1.0 && std::fabs(dy) <= 1.0);
        if (inside) z = std::min(z, b.z + b.slope * dx);
      }
      z += 0.004 * (unit(rng) - 0.5);
      const float zf = float(std::clamp(z, 0.2, 0.95));
      m[std::size_t(y) * size + x] = {zf, zf * zf};
    }
  return m;
}

// v in units of 2⁻²⁸; throws if v is not on that grid (the reference would not be exact).
inline std::int64_t grid_units(float v) {
  const double s = std::ldexp(double(v), kGridBits);
  if (s != std::nearbyint(s)) throw std::logic_error("input " + std::to_string(v) + " is off the 2^-28 grid");
  return std::int64_t(s);
}
inline double from_units(std::int64_t units) { return std::ldexp(double(units), -kGridBits); }  // exact below 2⁵³

// An exact two-channel summed-area table in int64.
class ExactTable {
 public:
  template <class Value>  // Value(texel index, channel) → int64
  ExactTable(int size, Value&& value) : size_(size), t_(std::size_t(size) * size * 2) {
    for (int y = 0; y < size; ++y)
      for (int c = 0; c < 2; ++c) {
        std::int64_t running = 0;
        for (int x = 0; x < size; ++x) {
          const std::size_t i = std::size_t(y) * size + x;
          running += value(i, c);
          t_[i * 2 + c] = running + (y > 0 ? t_[(i - size) * 2 + c] : 0);
        }
      }
  }
  std::int64_t at(int c, int x, int y) const { return x < 0 || y < 0 ? 0 : t_[(std::size_t(y) * size_ + x) * 2 + c]; }
  std::int64_t box(int c, int x0, int y0, int x1, int y1) const {
    return at(c, x1, y1) - at(c, x0 - 1, y1) - at(c, x1, y0 - 1) + at(c, x0 - 1, y0 - 1);
  }

 private:
  int size_;
  std::vector<std::int64_t> t_;
};

struct Box {
  int x0, y0, x1, y1;
  double area() const { return double(x1 - x0 + 1) * double(y1 - y0 + 1); }
};

// Seeded boxes of sides ≤ max_side: the full map (when it fits), 1×1 boxes at the corners and
// centre and at random, boxes touching each edge, random boxes anywhere, and boxes far from the
// origin (x0, y0 ≥ size/2).
inline std::vector<Box> test_boxes(int size, int max_side, std::uint64_t seed, int random_count) {
  std::mt19937_64 rng(seed);
  const int limit = std::min(size, max_side);
  auto rand_int = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  auto side = [&] { return rand_int(0, 1) ? rand_int(1, std::min(limit, 16)) : rand_int(1, limit); };
  std::vector<Box> boxes;
  if (size <= max_side) boxes.push_back({0, 0, size - 1, size - 1});
  const int c = size / 2;
  for (Box b : {Box{0, 0, 0, 0}, Box{size - 1, 0, size - 1, 0}, Box{0, size - 1, 0, size - 1},
                Box{size - 1, size - 1, size - 1, size - 1}, Box{c, c, c, c}})
    boxes.push_back(b);
  for (int k = 0; k < 8; ++k)
    for (int edge = 0; edge < 4; ++edge) {
      const int w = side(), h = side();
      int x0 = rand_int(0, size - w), y0 = rand_int(0, size - h);
      if (edge == 0) x0 = 0;
      if (edge == 1) x0 = size - w;
      if (edge == 2) y0 = 0;
      if (edge == 3) y0 = size - h;
      boxes.push_back({x0, y0, x0 + w - 1, y0 + h - 1});
    }
  for (int k = 0; k < random_count; ++k) {
    const int w = k % 4 == 0 ? 1 : side(), h = k % 4 == 0 ? 1 : side();
    const int lo = k % 2 == 0 ? size / 2 : 0;  // half of them far from the origin
    const int x0 = rand_int(std::min(lo, size - w), size - w), y0 = rand_int(std::min(lo, size - h), size - h);
    boxes.push_back({x0, y0, x0 + w - 1, y0 + h - 1});
  }
  return boxes;
}

}  // namespace satlab::shadows::test
