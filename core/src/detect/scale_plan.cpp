#include "detect/scale_plan.h"

#include <algorithm>
#include <cmath>

namespace sat::detect {
namespace {

// detectMultiScaleNoGrouping's scales before the min size: the factors 1, f, f², … (a double,
// stored as a float) while the window, cvRound(window · factor) in double, fits the frame (its
// first loop) and the window of the float factor, cvRound(int · float), fits the max size (its
// second loop); at most `limit` of them. visit(scale, window width, window height).
template <class Visit>
void for_each_factor(Extent frame, Extent window, const DetectParams& params, int limit, Visit visit) {
  Extent max_size = params.max_size;
  if (max_size.width == 0 || max_size.height == 0) max_size = frame;
  double factor = 1;
  for (int term = 0; term < limit; ++term, factor *= params.scale_factor) {
    if (cv_round(window.width * factor) > frame.width || cv_round(window.height * factor) > frame.height) return;
    const float scale = float(factor);
    const int ww = cv_round(float(window.width) * scale), wh = cv_round(float(window.height) * scale);
    if (ww > max_size.width || wh > max_size.height) return;
    visit(scale, ww, wh);
  }
}

}  // namespace

int scanned_rows(int working_height, int step, int stripes) {
  if (working_height <= 0 || stripes <= 0) return 0;
  const int stripe = std::max((working_height / step + stripes - 1) / stripes, 1) * step;
  const int end = int(std::min<long long>((long long)stripes * stripe, working_height));
  return (end + step - 1) / step;
}

void plan_scales(Extent frame, Extent window, const DetectParams& params, std::vector<ScaleLevel>& levels) {
  levels.clear();
  // sat::Detector refuses a factor with more terms than kMaxDetectScales at its max extent, so
  // the bound never cuts the sequence of a frame it takes; it only keeps the loop finite.
  for_each_factor(frame, window, params, kMaxDetectScales, [&](float scale, int ww, int wh) {
    if (ww < params.min_size.width || wh < params.min_size.height) return;
    ScaleLevel s;
    s.scale = scale;
    // updateScaleData: int / float is a float division.
    s.size = {cv_round(float(frame.width) / s.scale), cv_round(float(frame.height) / s.scale)};
    s.step = s.scale >= 2 ? 1 : 2;
    s.positions = {std::max(s.size.width + 1 - window.width, 0), std::max(s.size.height + 1 - window.height, 0)};
    s.box_width = ww;
    s.box_height = wh;
    levels.push_back(s);
  });
  // The stripes of every level are counted from the first level's working width.
  const int stripes = levels.empty() ? 0 : int(std::ceil(levels[0].positions.width / 32.));
  for (ScaleLevel& s : levels) s.rows = scanned_rows(s.positions.height, s.step, stripes);
}

int max_scale_count(Extent max_frame, Extent window, const DetectParams& params) {
  // Smaller frames or any min size never give more levels than the terms of the largest frame.
  int terms = 0;
  for_each_factor(max_frame, window, params, kMaxDetectScales + 1, [&](float, int, int) { ++terms; });
  return terms;
}

}  // namespace sat::detect
