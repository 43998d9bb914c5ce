#include "ui/live_range.h"

#include <algorithm>
#include <cmath>

namespace satlab {

bool is_size(const sat::ParamInfo& param) { return param.kind == sat::ParamKind::Int && param.max > kLiveSizeCap; }

LiveRange live_range(const sat::ParamInfo& p, double default_value) {
  switch (p.kind) {
    case sat::ParamKind::Int: {
      LiveRange r{p.min, std::min(p.max, double(kLiveSizeCap)), is_size(p)};
      if (p.odd) {
        if (std::fmod(r.min, 2.0) == 0) r.min += 1;
        if (std::fmod(r.max, 2.0) == 0) r.max -= 1;
      }
      return r;
    }
    case sat::ParamKind::Real: {
      const bool low_bounded = std::isfinite(p.min) && p.min > -kUnboundedReal;
      const bool high_bounded = std::isfinite(p.max) && p.max < kUnboundedReal;
      const double step = p.step > 0 ? p.step : 0;
      const double span = kUnboundedSpan * std::max(std::fabs(default_value), 10 * step);
      LiveRange r;
      r.min = low_bounded ? p.min : -span;
      r.max = high_bounded ? p.max : std::max(r.min, 0.0) + span;
      if (p.min_open && low_bounded) r.min += step;
      if (p.max_open && high_bounded) r.max -= step;
      // Logarithmic where the range spans decades: open above, or at least kLogSpan steps wide.
      r.logarithmic = r.min >= 0 && (!high_bounded || r.max >= kLogSpan * std::max(r.min, step));
      if (r.max < r.min) r.max = r.min;
      return r;
    }
    case sat::ParamKind::Bool:
      return {0, 1, false};
    case sat::ParamKind::Choice:
      return {0, std::max(0.0, double(p.choices.size()) - 1), false};
    case sat::ParamKind::Image:
      break;
  }
  return {};
}

std::string slider_format(const LiveRange& range, double step) {
  return range.logarithmic ? "%.4g" : "%." + std::to_string(decimals(step)) + "f";
}

int decimals(double step) {
  if (!(step > 0) || step >= 1) return 0;
  return std::clamp(static_cast<int>(std::ceil(-std::log10(step) - 1e-9)), 0, 6);
}

}  // namespace satlab
