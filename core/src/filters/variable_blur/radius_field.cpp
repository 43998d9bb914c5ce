// The generated radius fields' constants (radius_field.h), once per call on the host.
#include "filters/variable_blur/radius_field.h"

#include <algorithm>
#include <cmath>

namespace sat::filters {

RadiusField make_radius_field(const VariableBlurParams& params, int width, int height) {
  RadiusField f;
  f.shape = params.shape;
  f.max_radius = params.max_radius;
  if (params.shape == RadiusShape::Map) {
    f.map = params.radius_map.data;
    f.map_pitch = params.radius_map.pitch;
    return f;
  }
  const double w1 = double(width - 1), h1 = double(height - 1);
  const bool centre = params.shape == RadiusShape::Vignette;
  f.fx = centre ? 0.5 * w1 : params.focus_x * w1;
  f.fy = centre ? 0.5 * h1 : params.focus_y * h1;
  // The farthest pixel: a corner (TiltShift: the first or last row), measured as at() measures.
  double far = 0;
  for (int y : {0, height - 1})
    for (int x : {0, width - 1}) far = std::max(far, f.distance(x, y));
  if (params.shape == RadiusShape::TiltShift)
    f.sharp = params.extent * double(height);  // half-height of the band, a fraction of the height
  else
    f.sharp = params.extent * std::sqrt(w1 * w1 + h1 * h1);  // radius of the disc, a fraction of the diagonal
  f.slope = far > f.sharp ? double(params.max_radius) / (far - f.sharp) : 0.0;
  return f;
}

}  // namespace sat::filters
