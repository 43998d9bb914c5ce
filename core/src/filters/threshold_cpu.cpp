// CPU adaptive-threshold passes (mean − C, Sauvola, Bradley–Roth) from the tables.
#include "filters/backend.h"
#include "filters/cpu_rows.h"

namespace sat::filters {

void cpu_mean_c(const MeanCJob& job) {
  const BoxJob& box = job.box;
  parallel_rows(box.height, int64_t(box.width) * 4, [&](int y0, int y1) {
    for (int y = y0; y < y1; ++y) {
      const AxisTerms rows = box_row_terms(box, y);
      uint8_t* out = row_ptr(box.dst, box.dst_pitch, y);
      for (int x = 0; x < box.width; ++x) out[x] = mean_c_pixel(job, rows, x, y);
    }
  });
}

void cpu_sauvola(const SauvolaJob& job) {
  parallel_rows(job.height, int64_t(job.width) * 8, [&](int y0, int y1) {
    for (int y = y0; y < y1; ++y) {
      const AxisTerms rows = sauvola_row_terms(job, y);
      uint8_t* out = row_ptr(job.dst, job.dst_pitch, y);
      for (int x = 0; x < job.width; ++x) out[x] = sauvola_pixel(job, rows, x, y);
    }
  });
}

void cpu_bradley(const BradleyJob& job) {
  parallel_rows(job.height, int64_t(job.width) * 4, [&](int y0, int y1) {
    for (int y = y0; y < y1; ++y) {
      int r0, r1;
      clipped_interval(y, job.height, job.window, job.anchor, r0, r1);
      uint8_t* out = row_ptr(job.dst, job.dst_pitch, y);
      for (int x = 0; x < job.width; ++x) out[x] = bradley_pixel(job, r0, r1, x, y);
    }
  });
}

}  // namespace sat::filters
