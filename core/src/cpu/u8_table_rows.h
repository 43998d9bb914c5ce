// Rows of a u8 → u32 summed-area table (the CPU paths): out[j] = above[j] + in[0] + … + in[j],
// modulo 2^32 as every table of satcore. The running sum along a row is the serial step; SIMD
// does it 16 pixels at a time: an 8-lane 16-bit scan per group of 8 (at most 8 · 255, exact),
// widened to 32 bits and offset by the sum so far, then the row above added. Exactly the scalar
// loop's values (integer sums). SSE2 (the x86-64 baseline) always; AVX2 where the CPU has it,
// chosen at run time (the build stays baseline x86-64): about 2/3 of SSE2's instructions.
#pragma once

#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define SAT_U8_TABLE_AVX2 1
#endif

namespace sat::detail {

// above: the table row above (nullptr for the first row of the table).
inline void u8_table_row_sse2(const uint8_t* __restrict in, const uint32_t* __restrict above, uint32_t* __restrict out,
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

#if SAT_U8_TABLE_AVX2
__attribute__((target("avx2"))) inline void u8_table_row_avx2(const uint8_t* __restrict in,
                                                              const uint32_t* __restrict above,
                                                              uint32_t* __restrict out, int width) {
  const __m256i seventh = _mm256_set1_epi32(7);
  __m256i carry = _mm256_setzero_si256();  // the sum so far, in every lane
  int j = 0;
  for (; j + 16 <= width; j += 16) {
    // 16 pixels as u16, pixels 0–7 in the low 128-bit lane, 8–15 in the high one; scanned per lane.
    __m256i x = _mm256_cvtepu8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(in + j)));
    x = _mm256_add_epi16(x, _mm256_slli_si256(x, 2));
    x = _mm256_add_epi16(x, _mm256_slli_si256(x, 4));
    x = _mm256_add_epi16(x, _mm256_slli_si256(x, 8));
    __m256i a = _mm256_cvtepu16_epi32(_mm256_castsi256_si128(x));
    __m256i b = _mm256_cvtepu16_epi32(_mm256_extracti128_si256(x, 1));
    // Each group's total, off the carry's chain of additions.
    const __m256i total_a = _mm256_permutevar8x32_epi32(a, seventh), total_b = _mm256_permutevar8x32_epi32(b, seventh);
    a = _mm256_add_epi32(a, carry);
    b = _mm256_add_epi32(b, _mm256_add_epi32(carry, total_a));
    carry = _mm256_add_epi32(carry, _mm256_add_epi32(total_a, total_b));
    if (above) {
      a = _mm256_add_epi32(a, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(above + j)));
      b = _mm256_add_epi32(b, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(above + j + 8)));
    }
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + j), a);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + j + 8), b);
  }
  uint32_t run = uint32_t(_mm_cvtsi128_si32(_mm256_castsi256_si128(carry)));
  for (; j < width; ++j) {
    run += in[j];
    out[j] = above ? run + above[j] : run;
  }
}
#endif

// Whether this CPU runs u8_table_row_avx2 (asked once).
inline bool u8_table_has_avx2() {
#if SAT_U8_TABLE_AVX2
  static const bool has = __builtin_cpu_supports("avx2");
  return has;
#else
  return false;
#endif
}

inline void u8_table_row(const uint8_t* in, const uint32_t* above, uint32_t* out, int width) {
#if SAT_U8_TABLE_AVX2
  if (u8_table_has_avx2()) {
    u8_table_row_avx2(in, above, out, width);
    return;
  }
#endif
  u8_table_row_sse2(in, above, out, width);
}

}  // namespace sat::detail
