#include "detect/scale_plan.h"

#include <algorithm>

namespace sat::detect {
namespace {

// detectMultiScaleNoGrouping's factors 1, f, f², … (a double; the stored scale is a float) while
// the window, cvRound(window · factor), fits the frame and the max size; at most `limit` of them.
template <class Visit>
void for_each_factor(Extent frame, Extent window, const DetectParams& params, int limit, Visit visit) {
  Extent max_size = params.max_size;
  if (max_size.width == 0 || max_size.height == 0) max_size = frame;
  double factor = 1;
  for (int term = 0; term < limit; ++term, factor *= params.scale_factor) {
    const int ww = cv_round(window.width * factor), wh = cv_round(window.height * factor);
    if (ww > max_size.width || wh > max_size.height || ww > frame.width || wh > frame.height) return;
    visit(factor, ww, wh);
  }
}

}  // namespace

void plan_scales(Extent frame, Extent window, const DetectParams& params, std::vector<ScaleLevel>& levels) {
  levels.clear();
  // sat::Detector refuses a factor with more terms than kMaxDetectScales at its max extent, so
  // the bound never cuts the sequence of a frame it takes; it only keeps the loop finite.
  for_each_factor(frame, window, params, kMaxDetectScales, [&](double factor, int ww, int wh) {
    if (ww < params.min_size.width || wh < params.min_size.height) return;
    ScaleLevel s;
    s.scale = float(factor);
    // updateScaleData: int / float is a float division.
    s.size = {cv_round(float(frame.width) / s.scale), cv_round(float(frame.height) / s.scale)};
    s.step = s.scale >= 2 ? 1 : 2;
    s.positions = {std::max(s.size.width + 1 - window.width, 0), std::max(s.size.height + 1 - window.height, 0)};
    s.box_width = cv_round(float(window.width) * s.scale);
    s.box_height = cv_round(float(window.height) * s.scale);
    levels.push_back(s);
  });
}

int max_scale_count(Extent max_frame, Extent window, const DetectParams& params) {
  // Smaller frames or any min size never give more levels than the terms of the largest frame.
  int terms = 0;
  for_each_factor(max_frame, window, params, kMaxDetectScales + 1, [&](double, int, int) { ++terms; });
  return terms;
}

}  // namespace sat::detect
