// Compiled for AVX2 and for the x86-64 baseline (GCC's target_clones): the CPU picks one when
// the library loads, and the build flags stay those of the baseline.
#include "filters/column_sums.h"

namespace sat::filters {

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
void move_column_sums_u32(uint32_t* __restrict col, const uint8_t* __restrict in, const uint8_t* __restrict out,
                          std::size_t n) {
  for (std::size_t e = 0; e < n; ++e) col[e] += uint32_t(in[e]) - uint32_t(out[e]);
}

}  // namespace sat::filters
