// The local statistics' parameters (its folder: core/src/filters/local_stats/).
#pragma once

#include "sat/filter_image.h"

namespace sat {

// Local statistics of a window×window box (reflect-101 border, as Sauvola's), one gray output:
//   Mean      round(μ)
//   Variance  min(255, round(σ² / scale))
//   StdDev    min(255, round(σ · 2))             (σ ≤ 127.5 for 8-bit input)
//   Contrast  clamp(round(128 + gain · (x − μ) / (σ + c)), 0, 255)   local contrast normalisation
// μ, σ² from exact integer sums {Σx, Σx²} (σ population); colour input is converted to gray first.
// round = half up. The window's upper end keeps n·Σx² − (Σx)² exact in 64 bits (n = window²).
enum class LocalStat { Mean, Variance, StdDev, Contrast };
struct LocalStatsParams {
  static constexpr int catalog_rank = 60;  // where menus and help list it (ascending)
  int window = 15;                         // odd, 1 … 4095
  LocalStat output = LocalStat::Contrast;
  double scale = 64.0;  // Variance: gray levels per output step, > 0
  double gain = 32.0;   // Contrast: output steps per σ, > 0
  double c = 4.0;       // Contrast: added to σ, > 0 (keeps flat regions flat)
};

}  // namespace sat
