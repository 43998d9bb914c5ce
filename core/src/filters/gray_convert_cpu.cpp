// CPU colour conversions: BGR[A] → gray (a 1-channel image is copied), and 3/4 channels → 4-byte
// pixels for the u8x4 table.
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "filters/backend.h"
#include "filters/cpu_rows.h"

namespace sat::filters {

namespace {

#if defined(__SSE2__)
// bgr_to_gray of 4 pixels, one per 32-bit lane as bytes b, g, r, any: two 16-bit multiply-adds
// per pixel (b·BY + g·GY, r·RY + any·0), whose exact 32-bit sums are added, rounded and shifted
// as bgr_to_gray does.
inline __m128i gray_of_4(__m128i pixels) {
  const __m128i zero = _mm_setzero_si128();
  const __m128i coef = _mm_set_epi16(0, 9798, 19235, 3735, 0, 9798, 19235, 3735);
  const __m128 lo = _mm_castsi128_ps(_mm_madd_epi16(_mm_unpacklo_epi8(pixels, zero), coef));
  const __m128 hi = _mm_castsi128_ps(_mm_madd_epi16(_mm_unpackhi_epi8(pixels, zero), coef));
  const __m128i bg = _mm_castps_si128(_mm_shuffle_ps(lo, hi, _MM_SHUFFLE(2, 0, 2, 0)));
  const __m128i r = _mm_castps_si128(_mm_shuffle_ps(lo, hi, _MM_SHUFFLE(3, 1, 3, 1)));
  return _mm_srli_epi32(_mm_add_epi32(_mm_add_epi32(bg, r), _mm_set1_epi32(16384)), 15);
}

// Pixels x … x + 3 as 32-bit lanes: one load of 16 bytes (4 channels), or four of 4 bytes each
// (3 channels: the 4th byte is the next pixel's, ignored; pixel x + 3's reaches byte 3x + 12).
template <int kCn>
inline __m128i load_4_pixels(const uint8_t* in, int x) {
  if constexpr (kCn == 4) return _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + 4 * x));
  int32_t q[4];
  for (int k = 0; k < 4; ++k) std::memcpy(&q[k], in + 3 * (x + k), 4);
  return _mm_set_epi32(q[3], q[2], q[1], q[0]);
}
#endif

// One row of kCn = 3 or 4 channels.
template <int kCn>
void gray_row(const uint8_t* __restrict in, uint8_t* __restrict out, int width) {
  int x = 0;
#if defined(__SSE2__)
  // 8 pixels a step; 3 channels stop while pixel x + 8 exists (the 4-byte loads read one byte
  // beyond the 8th pixel).
  const int vector_end = kCn == 4 ? width - 7 : width - 8;
  for (; x < vector_end; x += 8) {
    const __m128i g0 = gray_of_4(load_4_pixels<kCn>(in, x)), g1 = gray_of_4(load_4_pixels<kCn>(in, x + 4));
    const __m128i g16 = _mm_packs_epi32(g0, g1);  // ≤ 255: no saturation
    _mm_storel_epi64(reinterpret_cast<__m128i*>(out + x), _mm_packus_epi16(g16, g16));
  }
#endif
  for (; x < width; ++x) out[x] = bgr_to_gray(in[x * kCn], in[x * kCn + 1], in[x * kCn + 2]);
}

}  // namespace

void cpu_to_gray(ConstImage8 src, uint8_t* dst, std::size_t dst_pitch, int threads) {
  parallel_rows(src.height, src.width, threads, [&](int y0, int y1) {
    for (int y = y0; y < y1; ++y) {
      const uint8_t* in = row_ptr(src.data, src.pitch, y);
      uint8_t* out = row_ptr(dst, dst_pitch, y);
      if (src.channels == 1) {
        if (out != in) std::memmove(out, in, std::size_t(src.width));
      } else if (src.channels == 3) {
        gray_row<3>(in, out, src.width);
      } else {
        gray_row<4>(in, out, src.width);
      }
    }
  });
}

void cpu_to_bgrx(ConstImage8 src, u8x4* dst, std::size_t dst_pitch, int threads) {
  parallel_rows(src.height, src.width, threads, [&](int y0, int y1) {
    const int cn = src.channels;
    for (int y = y0; y < y1; ++y) {
      const uint8_t* in = row_ptr(src.data, src.pitch, y);
      u8x4* out = row_ptr(dst, dst_pitch, y);
      for (int x = 0; x < src.width; ++x)
        out[x] = {in[x * cn], in[x * cn + 1], in[x * cn + 2], uint8_t(cn == 4 ? in[x * cn + 3] : 0)};
    }
  });
}

}  // namespace sat::filters
