// Whether the detect scene may start its automatic comparison with OpenCV on this frame: OpenCV's
// detectMultiScale runs on the CPU in the frame's own time, and on a cascade that accepts a great
// many windows it takes seconds to minutes (cv::groupRectangles tests every pair of windows), so
// the automatic comparison (first frame of new settings, every 5 s) is only started when its
// forecast fits the budget; the panel says why otherwise. A comparison asked for (C, the button,
// --compare-cpu) runs regardless.
#pragma once

#include <algorithm>
#include <cstdio>
#include <string>

namespace satlab {

// The longest the automatic comparison may hold up one frame.
inline constexpr double kAutoCompareBudgetMs = 1000.0;

// OpenCV's grouping of `windows` raw windows: cv::partition tests every pair, ~1.2 ns a pair
// (117 ms for the 10 043 windows of a 3840x2160 frame of faces, docs/detection.md).
inline double opencv_grouping_forecast_ms(long long windows) {
  const double n = static_cast<double>(windows);
  return n * n * 1.2e-6;
}

// "" when the automatic comparison fits the budget; else why it is not started. `windows`: the raw
// windows satcore's detector found in the frame; `measured_ms`: OpenCV's time on the last
// comparison of the same settings and frame size (0 when there was none).
inline std::string auto_compare_refusal(long long windows, double measured_ms) {
  const double forecast = std::max(opencv_grouping_forecast_ms(windows), measured_ms);
  if (forecast <= kAutoCompareBudgetMs) return "";
  char text[200];
  std::snprintf(text, sizeof text,
                "not compared automatically: OpenCV would take ~%.1f s on this frame (%lld raw windows), over the "
                "%.0f s budget; press C to compare anyway",
                forecast / 1000.0, windows, kAutoCompareBudgetMs / 1000.0);
  return text;
}

}  // namespace satlab
