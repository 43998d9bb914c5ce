// Kuwahara filter: its description in the catalog (sat/filter_spec.h).
#include <string>
#include <variant>

#include "filters/band_table.h"
#include "filters/filter_description.h"
#include "filters/kuwahara/kuwahara_pass.h"
#include "filters/memory_figure.h"
#include "filters/param_builders.h"

namespace sat::filters {
namespace {

// CPU: the band tables (kuwahara_cpu.cpp); CUDA: the gray table (slot 0), the gray plane (slot 1)
// and, for colour, the channels' table and their 4-byte copy.
ScratchMemory scratch(const FilterSpec& spec, Extent e, int channels) {
  const int radius = std::get<KuwaharaParams>(spec).radius;
  const std::size_t row = kuwahara_cpu_table_row_bytes(e.width, channels);
  const std::size_t colour = channels == 1 ? 0 : pixels_of(e) * (sizeof(u32x4) + sizeof(u8x4));
  return {std::size_t(band_plan(e.width, e.height, radius, row).table_rows + 1) * row, cuda_engine_bytes(e) + colour};
}

// The four (radius + 1)² quadrants that have the pixel as a corner.
Footprint footprint(const FilterSpec& spec) {
  const int radius = std::get<KuwaharaParams>(spec).radius;
  return {radius, radius, false};
}

}  // namespace

const FilterDescription<KuwaharaParams>& description(const KuwaharaParams*) {
  static const FilterDescription<KuwaharaParams> d{
      FilterInfo{
          "kuwahara",
          {},
          "Kuwahara filter: each pixel takes the mean of the least-variant of the four "
          "(radius+1)x(radius+1) quadrants that have it as a corner (variance of the gray value, "
          "ties to the first of top-left, top-right, bottom-left, bottom-right; means per channel, "
          "rounded half up), reflect-101 border: edge-preserving, painterly smoothing. All integer, "
          "from summed-area tables {sum g, sum g^2} and the channels' sums. Channels kept.",
          {int_param("radius", 1, kMaxKuwaharaRadius, "quadrant side minus one, in pixels (may exceed the image)")},
          FilterOutput::SameChannels,
          KuwaharaParams{},
          &scratch,
          &footprint,
          {SampleType::U8, SampleType::U16}},
      {member(&KuwaharaParams::radius)},
      [](const KuwaharaParams& p) { return "kuwahara radius " + std::to_string(p.radius); },
      {}};
  return d;
}

}  // namespace sat::filters
