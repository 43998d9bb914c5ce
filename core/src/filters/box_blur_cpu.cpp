// CPU box blur pass: every output pixel from its box sum in the table (see filter_ops.h).
#include "filters/backend.h"
#include "filters/cpu_rows.h"

namespace sat::filters {

void cpu_box_blur(const BoxJob& job) {
  switch (job.channels) {
    case 1: return cpu_filter_pass(BoxBlurPass<1>(job), 4);
    case 3: return cpu_filter_pass(BoxBlurPass<3>(job), 4);
    default: return cpu_filter_pass(BoxBlurPass<4>(job), 4);
  }
}

}  // namespace sat::filters
