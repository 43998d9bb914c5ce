// The band sweep's result against a summed-area table computed in double (host, plain C++), with
// the rounding bound of the kernel's summation tree: |got − ref| ≤ γ(d)·Σ|x| + 1e−30 per output,
// d = addition_depth() (policy.h), γ(d) = d·u / (1 − d·u), u = 2⁻²⁴. Used by the bench and the
// GPU tests.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

namespace sat::detail::band_sweep {

// "" when every output of `got` (height × width, packed) is within its bound of the double SAT of
// `in`; else where and by how much the first one is not.
inline std::string mismatch_against_reference(const std::vector<float>& in, const std::vector<float>& got, int height,
                                              int width, int depth) {
  const double u = std::ldexp(1.0, -24), gamma = depth * u / (1 - depth * u);
  std::vector<double> ref(std::size_t(width), 0.0), abs_ref(std::size_t(width), 0.0);
  for (int i = 0; i < height; ++i) {
    double row = 0, abs_row = 0;
    const float* x = &in[std::size_t(i) * width];
    const float* g = &got[std::size_t(i) * width];
    for (int j = 0; j < width; ++j) {
      row += x[j];
      abs_row += std::fabs(x[j]);
      ref[j] += row;
      abs_ref[j] += abs_row;
      const double bound = gamma * abs_ref[j] + 1e-30;
      if (!(std::fabs(double(g[j]) - ref[j]) <= bound)) {
        char text[200];
        std::snprintf(text, sizeof text, "at (row %d, col %d) got %.9g, reference %.9g, bound %.3g (depth %d)", i, j,
                      double(g[j]), ref[j], bound, depth);
        return text;
      }
    }
  }
  return {};
}

}  // namespace sat::detail::band_sweep
