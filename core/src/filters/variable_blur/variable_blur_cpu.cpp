// Variable-radius blur on the CPU: the GPU's per-pixel work (variable_blur_pass.h) over the same
// table, kept in bands of rows (band_table.h): per band, the table rows its boxes reach (up to
// max_radius above and below), then its rows in bands over the cores (cpu_rows.h). A running sum
// cannot serve a box that changes at every pixel; the table makes each pixel a few taps whatever r.
#include "filters/band_table.h"
#include "filters/stages.h"
#include "filters/variable_blur/variable_blur_pass.h"

namespace sat::filters {
namespace {

constexpr int kTableSlot = 0;

template <int kCn>
void blur_bands(EngineContext& engine, ConstImage8 src, VariableBlurJob job) {
  using Table = VariableBlurTable<kCn>;
  const int w = job.width, h = job.height, reach = job.field.max_radius;
  const BandPlan plan = band_plan(w, h, reach, variable_blur_cpu_table_row_bytes(w, kCn));
  const std::size_t bytes = std::size_t(plan.table_rows) * std::size_t(w) * sizeof(Table);
  BandTable<Table> table(static_cast<Table*>(engine.scratch(kTableSlot, bytes, kApplyCall)), plan.table_rows, w, h);
  for (int y0 = 0; y0 < h; y0 += plan.band_rows) {
    const int y1 = std::min(h, y0 + plan.band_rows);
    table.cover(y0, y1, reach, [&](int y, Table* in) {
      const uint8_t* px = row_ptr(src.data, src.pitch, y);
      for (int x = 0; x < w; ++x, px += kCn) {
        if constexpr (kCn == 1)
          in[x] = px[0];
        else
          in[x] = {px[0], px[1], px[2], kCn == 4 ? px[3] : 0u};
      }
    });
    job.table = table.view().base;
    job.table_pitch = table.view().pitch;
    // Per pixel: the radius, up to 16 taps and the rounding of kCn channels.
    band_pixels<kCn>(job.dst, job.dst_pitch, w, y0, y1, 16, engine.cpu_threads(),
                     [&](int x, int y, uint8_t* out) { variable_blur_pixel<kCn>(job, x, y, out); });
  }
}

}  // namespace

std::size_t variable_blur_cpu_table_row_bytes(int width, int channels) {
  return std::size_t(width) * (channels == 1 ? sizeof(uint32_t) : sizeof(u32x4));
}

void cpu_variable_blur(EngineContext& engine, ConstImage8 src, const VariableBlurJob& job) {
  // Band by band, dst is written while src's rows below are still to be read: a copy where they
  // overlap (in place).
  const ConstImage8 in = cpu_readable(engine, src, {job.dst, job.dst_pitch, job.width, job.height, job.channels});
  switch (job.channels) {
    case 1:
      return blur_bands<1>(engine, in, job);
    case 3:
      return blur_bands<3>(engine, in, job);
    default:
      return blur_bands<4>(engine, in, job);
  }
}

}  // namespace sat::filters
