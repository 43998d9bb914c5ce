// Kuwahara filter on the CPU: the GPU's per-pixel work (kuwahara_pass.h) over the same tables,
// kept in bands of rows (band_table.h): per band, the table rows its quadrants reach, then its
// rows in bands over the cores (cpu_rows.h). The gray value and the channels are read from src
// as the rows are summed: no gray plane, no 4-byte copy.
#include "filters/band_table.h"
#include "filters/kuwahara/kuwahara_pass.h"
#include "filters/stages.h"

namespace sat::filters {
namespace {

constexpr int kGrayTableSlot = 0, kColourTableSlot = 2;

template <int kCn>
uint32_t gray_of(const uint8_t* px) {
  if constexpr (kCn == 1) return px[0];
  return bgr_to_gray(px[0], px[1], px[2]);
}

template <int kCn>
void kuwahara_bands(EngineContext& engine, ConstImage8 src, const Image8& dst, int radius) {
  const int w = src.width, h = src.height;
  constexpr bool kColour = kCn != 1;
  const BandPlan plan = band_plan(w, h, radius, kuwahara_cpu_table_row_bytes(w, kCn));
  const std::size_t elements = std::size_t(plan.table_rows) * std::size_t(w);
  BandTable<SumSq> gray(static_cast<SumSq*>(engine.scratch(kGrayTableSlot, elements * sizeof(SumSq), kApplyCall)),
                        plan.table_rows, w, h);
  u32x4* colour_rows = nullptr;
  if constexpr (kColour)
    colour_rows = static_cast<u32x4*>(engine.scratch(kColourTableSlot, elements * sizeof(u32x4), kApplyCall));
  BandTable<u32x4> colour(colour_rows, plan.table_rows, w, h);

  KuwaharaJob job;
  job.dst = dst.data;
  job.dst_pitch = dst.pitch;
  job.width = w;
  job.height = h;
  job.channels = kCn;
  job.radius = radius;
  for (int y0 = 0; y0 < h; y0 += plan.band_rows) {
    const int y1 = std::min(h, y0 + plan.band_rows);
    gray.cover(y0, y1, radius, [&](int y, SumSq* in) {
      const uint8_t* px = row_ptr(src.data, src.pitch, y);
      for (int x = 0; x < w; ++x) {
        const uint64_t g = gray_of<kCn>(px + std::size_t(x) * kCn);
        in[x] = {g, g * g};
      }
    });
    job.gray_table = gray.view().base;
    job.gray_table_pitch = gray.view().pitch;
    if constexpr (kColour) {
      colour.cover(y0, y1, radius, [&](int y, u32x4* in) {
        const uint8_t* px = row_ptr(src.data, src.pitch, y);
        for (int x = 0; x < w; ++x, px += kCn) in[x] = {px[0], px[1], px[2], kCn == 4 ? px[3] : 0u};
      });
      job.colour_table = colour.view().base;
      job.colour_table_pitch = colour.view().pitch;
    }
    // Per pixel: four quadrants of 4 to 16 taps, one more for colour.
    band_pixels<kCn>(job.dst, job.dst_pitch, w, y0, y1, 24, engine.cpu_threads(),
                     [&](int x, int y, uint8_t* out) { kuwahara_pixel<kCn>(job, x, y, out); });
  }
}

}  // namespace

std::size_t kuwahara_cpu_table_row_bytes(int width, int channels) {
  return std::size_t(width) * (sizeof(SumSq) + (channels == 1 ? 0 : sizeof(u32x4)));
}

void cpu_kuwahara(EngineContext& engine, ConstImage8 src, const Image8& dst, int radius) {
  // Band by band, dst is written while src's rows below are still to be read: a copy where they
  // overlap (in place).
  const ConstImage8 in = cpu_readable(engine, src, dst);
  switch (src.channels) {
    case 1:
      return kuwahara_bands<1>(engine, in, dst, radius);
    case 3:
      return kuwahara_bands<3>(engine, in, dst, radius);
    default:
      return kuwahara_bands<4>(engine, in, dst, radius);
  }
}

}  // namespace sat::filters
