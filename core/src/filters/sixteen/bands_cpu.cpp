// Kuwahara and the variable-radius blur of 16-bit images on the CPU: the per-pixel rules of
// sixteen/window_ops.h over the same 64-bit tables the GPU reads, kept in bands of rows
// (band_table.h) as the 8-bit passes keep theirs. A colour image's variable blur runs channel
// after channel over one u64 band table (8 bytes per pixel kept, not 32).
#include <algorithm>
#include <type_traits>

#include "filters/band_table.h"
#include "filters/engine_context.h"
#include "filters/sixteen/window_ops.h"
#include "filters/stages.h"

namespace sat::filters {
namespace {

constexpr int kTableSlot = 0;

// f(std::integral_constant<int, cn>{}) for the 1 to 4 channels of a 16-bit image.
template <class F>
void with_channel_count(int cn, F&& f) {
  switch (cn) {
    case 1:
      return f(std::integral_constant<int, 1>{});
    case 2:
      return f(std::integral_constant<int, 2>{});
    case 3:
      return f(std::integral_constant<int, 3>{});
    default:
      return f(std::integral_constant<int, 4>{});
  }
}

template <class V>
BandTable<V> band_table(EngineContext& engine, const BandPlan& plan, int width, int height) {
  const std::size_t bytes = std::size_t(plan.table_rows) * std::size_t(width) * sizeof(V);
  return BandTable<V>(static_cast<V*>(engine.scratch(kTableSlot, bytes, kApplyCall)), plan.table_rows, width, height);
}

}  // namespace

void cpu_kuwahara16(EngineContext& engine, ConstImage16 src, const Image16& dst, int radius) {
  const int w = src.width, h = src.height;
  const BandPlan plan = band_plan(w, h, radius, std::size_t(w) * sizeof(SumSq));
  BandTable<SumSq> table = band_table<SumSq>(engine, plan, w, h);
  Kuwahara16Job job;
  job.width = w;
  job.height = h;
  job.radius = radius;
  for (int y0 = 0; y0 < h; y0 += plan.band_rows) {
    const int y1 = std::min(h, y0 + plan.band_rows);
    table.cover(y0, y1, radius, [&](int y, SumSq* in) {
      const uint16_t* px = row_ptr(src.data, src.pitch, y);
      for (int x = 0; x < w; ++x) in[x] = {px[x], uint64_t(uint32_t(px[x]) * px[x])};
    });
    job.table = table.view().base;
    job.table_pitch = table.view().pitch;
    // Per pixel: four quadrants of 4 to 16 taps and their 128-bit variances.
    band_pixels<1>(dst.data, dst.pitch, w, y0, y1, 32, engine.cpu_threads(),
                   [&](int x, int y, uint16_t* out) { *out = kuwahara16_pixel(job, x, y); });
  }
}

void cpu_variable_blur16(EngineContext& engine, ConstImage16 src, const Image16& dst, const RadiusField& field) {
  const int w = src.width, h = src.height, cn = src.channels;
  const int reach = field.max_radius;
  const BandPlan plan = band_plan(w, h, reach, std::size_t(w) * sizeof(uint64_t));
  VariableBlur16Job job;
  job.width = w;
  job.height = h;
  job.channels = cn;
  job.field = field;
  for (int c = 0; c < cn; ++c) {
    BandTable<uint64_t> table = band_table<uint64_t>(engine, plan, w, h);
    job.channel = c;
    for (int y0 = 0; y0 < h; y0 += plan.band_rows) {
      const int y1 = std::min(h, y0 + plan.band_rows);
      table.cover(y0, y1, reach, [&](int y, uint64_t* in) {
        const uint16_t* px = row_ptr(src.data, src.pitch, y) + c;
        for (int x = 0; x < w; ++x) in[x] = px[std::size_t(x) * cn];
      });
      job.table = table.view().base;
      job.table_pitch = table.view().pitch;
      // Per pixel: the radius, up to 16 taps and the rounding; channel c of each pixel only.
      with_channel_count(cn, [&](auto channels) {
        band_pixels<decltype(channels)::value>(
            dst.data, dst.pitch, w, y0, y1, 16, engine.cpu_threads(),
            [&](int x, int y, uint16_t* out) { out[c] = variable_blur16_value(job, x, y); });
      });
    }
  }
}

}  // namespace sat::filters
