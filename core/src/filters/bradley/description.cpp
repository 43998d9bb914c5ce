// Bradley–Roth threshold: its description in the catalog.
#include <cstdio>
#include <variant>

#include "filters/filter_description.h"
#include "filters/memory_figure.h"
#include "filters/param_builders.h"

namespace sat::filters {
namespace {

// CPU: the gray plane of a colour image and running sums, up to six rows of sums per thread;
// CUDA: the engine's buffers (table, gray plane).
ScratchMemory scratch(const FilterSpec&, Extent e, int channels) {
  return {cpu_gray_plane_bytes(e, channels) + cpu_rows_bytes(e, 6 * sizeof(uint64_t)), cuda_engine_bytes(e)};
}

// The window × window box around the pixel (anchor window / 2; clipped to the image).
Footprint footprint(const FilterSpec& spec) {
  const int half = std::get<BradleyParams>(spec).window / 2;
  return {half, half, false};
}

}  // namespace

const FilterDescription<BradleyParams>& description(const BradleyParams*) {
  static const FilterDescription<BradleyParams> d{
      FilterInfo{"bradley",
                 {},
                 "Bradley-Roth threshold: foreground where pixel > (1 - T/100) x mean of the window clipped to "
                 "the image",
                 {int_param("window", 1, kNoIntMax, "window side in pixels, clipped to the image", 2),
                  real_param("t", 0, 100, Open::Max, "percent below the mean", 0.5),
                  int_param("max_value", 1, 255, "value of foreground pixels; background is 0")},
                 FilterOutput::Gray,
                 BradleyParams{},
                 &scratch,
                 &footprint,
                 {SampleType::U8, SampleType::U16}},
      {member(&BradleyParams::window), member(&BradleyParams::t), member(&BradleyParams::max_value)},
      [](const BradleyParams& p) {
        char text[96];
        std::snprintf(text, sizeof text, "bradley window %d t %g", p.window, p.t);
        return std::string(text);
      },
      {}};
  return d;
}

}  // namespace sat::filters
