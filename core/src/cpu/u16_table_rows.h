// Rows of a u16 → u32 summed-area table (the CPU paths): out[j] = above[j] + in[0] + … + in[j],
// modulo 2^32 as every table of satcore. As u8_table_rows.h, SIMD takes the serial running sum
// 8 pixels at a time, but the scan is 32-bit from the start: two 16-bit pixels already overflow
// 16 bits. Each group of 4 is widened, scanned (2 shifted adds) and offset by the sum so far,
// then the row above is added. Exactly the scalar loop's values (integer sums, same wrap).
// SSE2 only (the x86-64 baseline): the 32-bit scan leaves AVX2 little to gain over it.
#pragma once

#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace sat::detail {

// above: the table row above (nullptr for the first row of the table).
inline void u16_table_row(const uint16_t* __restrict in, const uint32_t* __restrict above, uint32_t* __restrict out,
                          int width) {
  int j = 0;
  uint32_t run = 0;
#if defined(__SSE2__)
  const __m128i zero = _mm_setzero_si128();
  __m128i carry = zero;  // the sum so far, in every lane
  // Inclusive scan of 4 u32 lanes (wrapping, as the table).
  const auto scan4 = [](__m128i x) {
    x = _mm_add_epi32(x, _mm_slli_si128(x, 4));
    return _mm_add_epi32(x, _mm_slli_si128(x, 8));
  };
  for (; j + 8 <= width; j += 8) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + j));
    __m128i q[2];
    q[0] = _mm_add_epi32(scan4(_mm_unpacklo_epi16(v, zero)), carry);
    carry = _mm_shuffle_epi32(q[0], _MM_SHUFFLE(3, 3, 3, 3));
    q[1] = _mm_add_epi32(scan4(_mm_unpackhi_epi16(v, zero)), carry);
    carry = _mm_shuffle_epi32(q[1], _MM_SHUFFLE(3, 3, 3, 3));
    for (int k = 0; k < 2; ++k) {
      __m128i o = q[k];
      if (above) o = _mm_add_epi32(o, _mm_loadu_si128(reinterpret_cast<const __m128i*>(above + j + 4 * k)));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out + j + 4 * k), o);
    }
  }
  run = uint32_t(_mm_cvtsi128_si32(carry));
#endif
  for (; j < width; ++j) {
    run += in[j];
    out[j] = above ? run + above[j] : run;
  }
}

}  // namespace sat::detail
