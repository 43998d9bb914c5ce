// Rows of a u8 → u32 summed-area table (the CPU paths): out[j] = above[j] + in[0] + … + in[j],
// modulo 2^32 as every table of satcore. The running sum along a row is the serial step; SSE2
// does it 16 pixels at a time: an 8-lane 16-bit scan per half (at most 8 · 255, exact), widened
// to 32 bits and offset by the sum so far, then the row above added. Exactly the scalar loop's
// values (integer sums).
#pragma once

#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace sat::detail {

// above: the table row above (nullptr for the first row of the table).
inline void u8_table_row(const uint8_t* __restrict in, const uint32_t* __restrict above, uint32_t* __restrict out,
                         int width) {
  int j = 0;
  uint32_t run = 0;
#if defined(__SSE2__)
  const __m128i zero = _mm_setzero_si128();
  __m128i carry = zero;  // the sum so far, in every lane
  // Inclusive scan of 8 u16 lanes.
  const auto scan8 = [](__m128i x) {
    x = _mm_add_epi16(x, _mm_slli_si128(x, 2));
    x = _mm_add_epi16(x, _mm_slli_si128(x, 4));
    return _mm_add_epi16(x, _mm_slli_si128(x, 8));
  };
  for (; j + 16 <= width; j += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + j));
    const __m128i lo = scan8(_mm_unpacklo_epi8(v, zero)), hi = scan8(_mm_unpackhi_epi8(v, zero));
    __m128i q[4];
    q[0] = _mm_add_epi32(_mm_unpacklo_epi16(lo, zero), carry);
    q[1] = _mm_add_epi32(_mm_unpackhi_epi16(lo, zero), carry);
    carry = _mm_shuffle_epi32(q[1], _MM_SHUFFLE(3, 3, 3, 3));
    q[2] = _mm_add_epi32(_mm_unpacklo_epi16(hi, zero), carry);
    q[3] = _mm_add_epi32(_mm_unpackhi_epi16(hi, zero), carry);
    carry = _mm_shuffle_epi32(q[3], _MM_SHUFFLE(3, 3, 3, 3));
    for (int k = 0; k < 4; ++k) {
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
