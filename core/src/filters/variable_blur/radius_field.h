// The per-pixel radius of the variable-radius blur (VariableBlurParams), host and device: read from
// a radius map, or generated from a shape by the same double operations on both backends.
//
// Coordinates are pixel centres: x in 0 … width − 1, y in 0 … height − 1. A generated radius is
// 0 within `sharp` pixels of the focus (a row for TiltShift, a point for Focus and Vignette) and
// grows linearly beyond it, reaching max_radius at the farthest pixel of the image:
//   d = |y − focus_y|                       TiltShift
//   d = sqrt((x − fx)² + (y − fy)²)          Focus, Vignette
//   r = 0 where d ≤ sharp, else min(max_radius, ⌊(d − sharp) · slope + 0.5⌋)
// with slope = max_radius / (d_far − sharp), d_far the largest d of the image (a corner, or the
// farther of the first and last rows), computed on the host once per call (make_radius_field).
#pragma once

#include <cstddef>
#include <cstdint>

#include "filters/filter_ops.h"

namespace sat::filters {

struct RadiusField {
  RadiusShape shape = RadiusShape::TiltShift;
  int max_radius = 0;
  double fx = 0, fy = 0;         // the focus in pixels (TiltShift: fy, the band's centre row)
  double sharp = 0;              // distance from the focus without blur, pixels
  double slope = 0;              // radius per pixel of distance beyond `sharp`; 0: no blur anywhere
  const uint8_t* map = nullptr;  // Map: one byte per pixel (host or device, as the images)
  std::size_t map_pitch = 0;

  // Distance of pixel (x, y) from the focus, as the shape measures it.
  SAT_HOST_DEVICE double distance(int x, int y) const {
    const double dy = add_rn(double(y), -fy);
    if (shape == RadiusShape::TiltShift) return dy < 0 ? -dy : dy;
    const double dx = add_rn(double(x), -fx);
    return sqrt_rn(add_rn(mul_rn(dx, dx), mul_rn(dy, dy)));
  }

  SAT_HOST_DEVICE int at(int x, int y) const {
    if (shape == RadiusShape::Map) {
      const int r = row_ptr(map, map_pitch, y)[x];
      return r < max_radius ? r : max_radius;
    }
    const double d = distance(x, y);
    if (!(d > sharp)) return 0;
    const double r = mul_rn(add_rn(d, -sharp), slope);
    if (!(r < double(max_radius))) return max_radius;
    return int(add_rn(r, 0.5));  // round half up: the conversion truncates on both sides
  }
};

// The field of `params` over a width × height image (params validated). Map: params.radius_map.
RadiusField make_radius_field(const VariableBlurParams& params, int width, int height);

}  // namespace sat::filters
