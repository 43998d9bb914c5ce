// The scales of OpenCV 4.6's detectMultiScale for one frame size (detectMultiScaleNoGrouping and
// FeatureEvaluator::updateScaleData), shared by both backends.
#pragma once

#include <cmath>
#include <vector>

#include "sat/detect.h"

namespace sat::detect {

// cvRound: round half to even (lrint in the default rounding mode), for float and double.
inline int cv_round(double v) { return int(std::nearbyint(v)); }
inline int cv_round(float v) { return int(std::nearbyintf(v)); }

struct ScaleLevel {
  float scale = 1.f;  // frame pixels per resized pixel (OpenCV keeps it as float)
  Extent size;        // the resized frame: cvRound(frame / scale), float division
  int step = 2;       // window step in x and y: 1 from scale 2 on, else 2 (ScaleData::ystep)
  Extent positions;   // window origins 0 ≤ x < positions.width (getWorkingSize: size + 1 − window)
  int rows = 0;       // window rows scanned: origins y = r · step, 0 ≤ r < rows (scanned_rows())
  int box_width = 0;  // the window in frame pixels: cvRound(window · scale), float product
  int box_height = 0;
};

// The window rows OpenCV 4.6 scans at a level. detectMultiScaleNoGrouping splits the rows into
// `stripes` stripes, cvCeil(working width of the first level / 32.), of
// max((working height / step + stripes − 1) / stripes, 1) · step rows each (integer divisions),
// and the invoker scans y < min(stripes · stripe, working height): where the working height is
// odd and the stripes cover only its even part, the last row (y = height − 1) is not scanned.
int scanned_rows(int working_height, int step, int stripes);

// Appends the levels for `frame` to `levels` (cleared first; no allocation once its capacity
// covers the count, which max_scale_count() bounds for frames up to a maximum extent). At most
// kMaxDetectScales levels.
void plan_scales(Extent frame, Extent window, const DetectParams& params, std::vector<ScaleLevel>& levels);
// The scales of frames up to `max_frame` (any min size), counted up to kMaxDetectScales + 1: a
// count above kMaxDetectScales means "too many" (the factor is too close to 1), found in at most
// that many steps.
int max_scale_count(Extent max_frame, Extent window, const DetectParams& params);

// The frame box of the window at (x, y) of a level: (cvRound(x·scale), cvRound(y·scale)) in
// float, as CascadeClassifierInvoker writes it.
inline Box window_box(const ScaleLevel& level, int x, int y) {
  return {cv_round(float(x) * level.scale), cv_round(float(y) * level.scale), level.box_width, level.box_height};
}

}  // namespace sat::detect
