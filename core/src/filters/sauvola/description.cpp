// Sauvola threshold (scikit-image threshold_sauvola): its description in the catalog.
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

// The window × window box around the pixel.
Footprint footprint(const FilterSpec& spec) {
  const int half = std::get<SauvolaParams>(spec).window / 2;
  return {half, half, false};
}

}  // namespace

const FilterDescription<SauvolaParams>& description(const SauvolaParams*) {
  static const FilterDescription<SauvolaParams> d{
      FilterInfo{"sauvola",
                 {},
                 "Sauvola threshold as scikit-image's threshold_sauvola: T = m * (1 + k * (s / r - 1)) over a "
                 "window (mean m, standard deviation s)",
                 {odd_param("window", 3, kMaxOddSquareSide, "window side in pixels"),
                  real_param("k", 0, 1, Open::Both, "weight of the standard deviation", 0.01),
                  real_param("r", 0, HUGE_VAL, Open::None,
                             "dynamic range of s; 0 means the default 127.5, half the 8-bit range", 0.5),
                  int_param("max_value", 1, 255, "value of foreground pixels; background is 0")},
                 FilterOutput::Gray,
                 SauvolaParams{},
                 &scratch,
                 &footprint,
                 {SampleType::U8, SampleType::U16}},
      {member(&SauvolaParams::window), member(&SauvolaParams::k), member(&SauvolaParams::r),
       member(&SauvolaParams::max_value)},
      [](const SauvolaParams& p) {
        char text[96];
        std::snprintf(text, sizeof text, "sauvola window %d k %g r %g", p.window, p.k, p.r > 0 ? p.r : 127.5);
        return std::string(text);
      },
      {}};
  return d;
}

}  // namespace sat::filters
