// The guided filter's passes on the CPU: the per-pixel functions of guided_passes.h over rows,
// in bands over the cores (cpu_rows.h). Same functions, same integer sums: the GPU's bytes.
#include "filters/cpu_rows.h"
#include "filters/guided/guided_backend.h"
#include "filters/guided/guided_passes.h"

namespace sat::filters::guided {

// Work per row for cpu_rows.h's band count (≈ element operations per pixel × width).
namespace {
int64_t row_work(const Job& job, int per_pixel) { return int64_t(job.width) * per_pixel; }
}  // namespace

void cpu_inputs(const Job& job, int threads) {
  with_variant(job.variant, [&](auto variant) {
    constexpr Variant v = decltype(variant)::value;
    if constexpr (v != Variant::SelfGray) {
      parallel_rows(job.height, row_work(job, 10), threads, [&](int y0, int y1) {
        for (int y = y0; y < y1; ++y)
          for (int x = 0; x < job.width; ++x) write_inputs<v>(job, x, y);
      });
    }
  });
}

void cpu_coefficients(const Job& job, int threads) {
  with_variant(job.variant, [&](auto variant) {
    constexpr Variant v = decltype(variant)::value;
    parallel_rows(job.height, row_work(job, 60), threads, [&](int y0, int y1) {
      for (int y = y0; y < y1; ++y) {
        const BoxSpan rows = job.input_box.row(y);
        for (int x = 0; x < job.width; ++x) write_coefficients<v, Path::Any>(job, rows, x, y);
      }
    });
  });
}

void cpu_output(const Job& job, int threads) {
  with_variant(job.variant, [&](auto variant) {
    constexpr Variant v = decltype(variant)::value;
    with_channels(job.channels, [&](auto channels) {
      constexpr int cn = decltype(channels)::value;
      if constexpr ((v == Variant::SelfGray) == (cn == 1)) {
        const OutputPass<v, cn> pass(job);
        parallel_rows(job.height, row_work(job, 30), threads, [&](int y0, int y1) {
          for (int y = y0; y < y1; ++y) {
            const BoxSpan rows = pass.row(y);
            uint8_t* out = row_ptr(job.dst, job.dst_pitch, y);
            for (int x = 0; x < job.width; ++x) pass.template pixel<Path::Any>(rows, x, y, out + std::size_t(x) * cn);
          }
        });
      }
    });
  });
}

}  // namespace sat::filters::guided
