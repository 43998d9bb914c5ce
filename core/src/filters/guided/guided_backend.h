// The guided filter on each backend. CUDA: steps 1, 3 and 5 of guided_job.h as passes (the
// tables of steps 2 and 4 are satcore's), device memory, enqueued on `stream`, no allocation.
// CPU: the same arithmetic by running window sums, synchronous, host memory.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <type_traits>

#include "filters/guided/guided_job.h"

namespace sat::filters::guided {

void cuda_inputs(const Job& job, cudaStream_t stream);  // GrayGuide, ColourGuide only
void cuda_coefficients(const Job& job, cudaStream_t stream);
void cuda_output(const Job& job, cudaStream_t stream);

// The whole filter on the CPU, without tables (guided_cpu.cpp), rows in bands over `threads`
// (cpu_rows.h: 0 = automatic). job.src must not overlap job.dst: a band reads src rows that
// another band (or its own earlier rows) writes.
void cpu_guided(const Job& job, int threads);

// The CPU's coefficient rows kept per thread (guided_cpu.cpp): 2r + 2 where they fit
// kGuidedKeptBytesPerPixel of the image over all threads, fewer otherwise (then made twice).
inline constexpr std::size_t kGuidedKeptBytesPerPixel = 1;
int guided_cpu_kept_rows(int width, int height, int radius, int coefficient_lanes_per_pixel);

// f(std::integral_constant<Variant, v>{}): the variant as a compile-time constant.
template <class F>
void with_variant(Variant v, F&& f) {
  switch (v) {
    case Variant::SelfGray:
      return f(std::integral_constant<Variant, Variant::SelfGray>{});
    case Variant::GrayGuide:
      return f(std::integral_constant<Variant, Variant::GrayGuide>{});
    case Variant::ColourGuide:
      return f(std::integral_constant<Variant, Variant::ColourGuide>{});
  }
}

// f(std::integral_constant<int, c>{}) for the output pass's channels: 1 (SelfGray), 3 or 4.
template <class F>
void with_channels(int channels, F&& f) {
  if (channels == 1) return f(std::integral_constant<int, 1>{});
  if (channels == 3) return f(std::integral_constant<int, 3>{});
  return f(std::integral_constant<int, 4>{});
}

}  // namespace sat::filters::guided
