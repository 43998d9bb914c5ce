// CPU box blur pass: every output pixel from its box sum in the table (see filter_ops.h).
#include "filters/backend.h"
#include "filters/cpu_rows.h"

namespace sat::filters {

void cpu_box_blur(const BoxJob& job) {
  parallel_rows(job.height, int64_t(job.width) * 4, [&](int y0, int y1) {
    for (int y = y0; y < y1; ++y) {
      const AxisTerms rows = box_row_terms(job, y);
      uint8_t* out = row_ptr(job.dst, job.dst_pitch, y);
      for (int x = 0; x < job.width; ++x) box_pixel(job, rows, x, out);
    }
  });
}

}  // namespace sat::filters
