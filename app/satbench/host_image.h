// The host side of one case: a deterministic input image and the reference table.
#pragma once

#include <cstddef>

#include "bench_cases.h"
#include "common/cuda/host_buffer.h"
#include "sat/sat.h"

namespace satbench {

// Input and output rows are dense (pitch = width x element size), as the copy baseline assumes.
struct HostImage {
  sat::ElementType type = sat::ElementType::F32ToF32;
  sat::Extent extent;
  std::size_t input_pitch = 0, output_pitch = 0;  // bytes
  satapp::HostBuffer input;

  std::size_t input_bytes() const { return input_pitch * std::size_t(extent.height); }
  std::size_t output_bytes() const { return output_pitch * std::size_t(extent.height); }
  // A host problem that reads `input` and writes `output` (output_bytes(), dense rows).
  sat::Problem problem(void* output) const;
};

// The input of a case, the same on every run: random bytes for the 8-bit types; for floats small
// integers 0..3, so that every sum is exact in float32 while the image total stays below 2^24
// (then all algorithms must agree exactly) and the comparison needs a tolerance only beyond.
HostImage make_input(const BenchCase& c);

// Whether every partial sum of `reference` (the float table of a non-negative image) is exact:
// the image total, its last element, is below 2^24.
bool float_sums_exact(const HostImage& image, const void* reference);

}  // namespace satbench
