#include "detect/scale_plan.h"

#include <algorithm>

namespace sat::detect {

void plan_scales(Extent frame, Extent window, const DetectParams& params, std::vector<ScaleLevel>& levels) {
  levels.clear();
  Extent max_size = params.max_size;
  if (max_size.width == 0 || max_size.height == 0) max_size = frame;
  // detectMultiScaleNoGrouping: the factor is a double, the stored scale a float.
  for (double factor = 1;; factor *= params.scale_factor) {
    const int ww = cv_round(window.width * factor), wh = cv_round(window.height * factor);
    if (ww > max_size.width || wh > max_size.height || ww > frame.width || wh > frame.height) break;
    if (ww < params.min_size.width || wh < params.min_size.height) continue;
    ScaleLevel s;
    s.scale = float(factor);
    // updateScaleData: int / float is a float division.
    s.size = {cv_round(float(frame.width) / s.scale), cv_round(float(frame.height) / s.scale)};
    s.step = s.scale >= 2 ? 1 : 2;
    s.positions = {std::max(s.size.width + 1 - window.width, 0), std::max(s.size.height + 1 - window.height, 0)};
    s.box_width = cv_round(float(window.width) * s.scale);
    s.box_height = cv_round(float(window.height) * s.scale);
    levels.push_back(s);
  }
}

int max_scale_count(Extent max_frame, Extent window, const DetectParams& params) {
  std::vector<ScaleLevel> levels;
  DetectParams all = params;
  all.min_size = {0, 0};  // smaller frames or other minima never give more levels than this
  plan_scales(max_frame, window, all, levels);
  return int(levels.size());
}

}  // namespace sat::detect
