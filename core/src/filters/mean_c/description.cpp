// Adaptive mean − C threshold (cv::adaptiveThreshold): its description in the catalog.
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

// The block × block box around the pixel.
Footprint footprint(const FilterSpec& spec) {
  const int half = std::get<MeanCParams>(spec).block / 2;
  return {half, half, false};
}

}  // namespace

const FilterDescription<MeanCParams>& description(const MeanCParams*) {
  static const FilterDescription<MeanCParams> d{
      FilterInfo{"threshold",
                 {"mean-c", "adaptive"},
                 "adaptive mean-C threshold, equal to cv::adaptiveThreshold(ADAPTIVE_THRESH_MEAN_C): foreground "
                 "where pixel > mean of the block - C",
                 {odd_param("block", 3, kMaxOddSquareSide, "block side in pixels"),
                  real_param("C", -HUGE_VAL, HUGE_VAL, Open::None,
                             "constant subtracted from the mean, may be fractional or negative", 0.5),
                  bool_param("invert", "foreground where pixel <= mean - C (THRESH_BINARY_INV)"),
                  int_param("max_value", 1, 255, "value of foreground pixels; background is 0")},
                 FilterOutput::Gray,
                 MeanCParams{},
                 &scratch,
                 &footprint,
                 {SampleType::U8, SampleType::U16}},
      {member(&MeanCParams::block), member(&MeanCParams::C), member(&MeanCParams::invert),
       member(&MeanCParams::max_value)},
      [](const MeanCParams& p) {
        char text[96];
        std::snprintf(text, sizeof text, "threshold block %d C %g%s", p.block, p.C, p.invert ? " inverted" : "");
        return std::string(text);
      },
      {}};
  return d;
}

}  // namespace sat::filters
