// Local statistics: its description in the catalog (sat/filter_spec.h).
#include <string>
#include <variant>

#include "filters/filter_description.h"
#include "filters/local_stats/local_stats_pass.h"
#include "filters/memory_figure.h"
#include "filters/number_text.h"
#include "filters/param_builders.h"

namespace sat::filters {
namespace {

// CPU: the gray plane of a colour image and running sums, up to six rows of sums per thread;
// CUDA: the engine's buffers (table, gray plane).
ScratchMemory scratch(const FilterSpec&, Extent e, int channels) {
  return {cpu_gray_plane_bytes(e, channels) + cpu_rows_bytes(e, 6 * sizeof(uint64_t)), cuda_engine_bytes(e)};
}

// The window × window box around the pixel.
Footprint footprint(const FilterSpec& spec) {
  const int half = std::get<LocalStatsParams>(spec).window / 2;
  return {half, half, false};
}

const char* output_name(LocalStat output) {
  switch (output) {
    case LocalStat::Mean:
      return "mean";
    case LocalStat::Variance:
      return "variance";
    case LocalStat::StdDev:
      return "stddev";
    case LocalStat::Contrast:
      return "contrast";
  }
  return "?";
}

// "local contrast window 15 gain 32 c 4": the parameters the chosen output reads, no others.
std::string describe_local(const LocalStatsParams& p) {
  std::string text = std::string("local ") + output_name(p.output) + " window " + std::to_string(p.window);
  if (p.output == LocalStat::Variance) text += " scale " + number_text(p.scale);
  if (p.output == LocalStat::Contrast) text += " gain " + number_text(p.gain) + " c " + number_text(p.c);
  return text;
}

}  // namespace

const FilterDescription<LocalStatsParams>& description(const LocalStatsParams*) {
  static const FilterDescription<LocalStatsParams> d{
      FilterInfo{
          "local",
          {"local-stats"},
          "Local statistics of a window x window box (reflect-101 border) of the gray image, from one "
          "table of exact integer sums {sum x, sum x^2}: the local mean, variance (sigma^2 / scale) or "
          "standard deviation (2 sigma), or local contrast normalisation 128 + gain (x - mean) / (sigma + c). "
          "One gray channel out; colour input is converted to gray first (cv::cvtColor's formula).",
          {odd_param("window", 1, kMaxLocalStatsWindow, "side of the square window in pixels (may exceed the image)"),
           // Not "output": the programs' --output names the output file.
           choice_param("stat", {"mean", "variance", "stddev", "contrast"},
                        "the statistic written: mean, variance / scale, 2 x standard deviation, or contrast"),
           real_param("scale", 0, 16384, Open::Min, "variance: squared gray levels per output step", 1),
           real_param("gain", 0, 1024, Open::Min, "contrast: output steps per standard deviation", 1),
           real_param("c", 0, 1024, Open::Min, "contrast: added to the standard deviation (keeps flat regions flat)",
                      0.5)},
          FilterOutput::Gray,
          LocalStatsParams{},
          &scratch,
          &footprint,
          {SampleType::U8, SampleType::U16}},
      {member(&LocalStatsParams::window), member(&LocalStatsParams::output), member(&LocalStatsParams::scale),
       member(&LocalStatsParams::gain), member(&LocalStatsParams::c)},
      describe_local,
      {}};
  return d;
}

}  // namespace sat::filters
