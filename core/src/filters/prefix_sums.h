// Inclusive running sums along a row of interleaved channels, p[e + cn] = p[e] + v[e] (p[0 … cn−1]
// = 0), for the CPU backend's running box sums. This chain is the one serial step of a row (every
// other loop is element-wise and vectorized by the compiler), so for u32 sums of 1, 3 or 4
// channels it runs in SSE2 registers: 1 channel as a 4-lane scan (2 shifts and adds, then the
// carry), 3 or 4 channels one pixel per vector add. Integer sums modulo 2^32: exactly the
// scalar loop's values.
#pragma once

#include <cstddef>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace sat::filters {

// Scalar: one register per channel.
template <int kCn, class Acc>
void running_sums_scalar(const Acc* __restrict v, Acc* __restrict p, std::size_t n) {
  Acc run[kCn] = {};
  for (int c = 0; c < kCn; ++c) p[c] = 0;
  for (std::size_t e = 0; e < n; e += kCn)
    for (int c = 0; c < kCn; ++c) {
      run[c] += v[e + std::size_t(c)];
      p[e + kCn + std::size_t(c)] = run[c];
    }
}

template <class Acc>
void running_sums_any(const Acc* __restrict v, Acc* __restrict p, std::size_t n, std::size_t cn) {
  for (std::size_t c = 0; c < cn; ++c) p[c] = 0;
  for (std::size_t e = 0; e < n; ++e) p[e + cn] = p[e] + v[e];
}

// The number of elements after v's n and p's n + cn that running_sums may read or write
// (3 channels: a 4-lane vector per pixel; the 4th lane is rewritten by the next pixel).
inline constexpr std::size_t kRunningSumsSlack = 1;

// n: a multiple of cn. v must have n + kRunningSumsSlack readable elements, p n + cn + kRunningSumsSlack.
template <class Acc>
void running_sums(const Acc* v, Acc* p, std::size_t n, std::size_t cn) {
#if defined(__SSE2__)
  if constexpr (sizeof(Acc) == 4) {
    const auto* in = reinterpret_cast<const uint32_t*>(v);
    auto* out = reinterpret_cast<uint32_t*>(p);
    if (cn == 1) {
      out[0] = 0;
      __m128i carry = _mm_setzero_si128();
      std::size_t e = 0;
      for (; e + 4 <= n; e += 4) {
        __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + e));
        x = _mm_add_epi32(x, _mm_slli_si128(x, 4));
        x = _mm_add_epi32(x, _mm_slli_si128(x, 8));
        x = _mm_add_epi32(x, carry);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + e + 1), x);
        carry = _mm_shuffle_epi32(x, _MM_SHUFFLE(3, 3, 3, 3));
      }
      uint32_t run = uint32_t(_mm_cvtsi128_si32(carry));
      for (; e < n; ++e) out[e + 1] = run += in[e];
      return;
    }
    if (cn == 3 || cn == 4) {
      __m128i run = _mm_setzero_si128();
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out), run);  // p[0 … cn − 1] = 0 (and p[3], rewritten)
      // 3 channels: lane 3 sums the next pixel's first channel, meaningless, and its store lands
      // where the next pixel's store (or the slack after the row) goes.
      for (std::size_t e = 0; e < n; e += cn) {
        run = _mm_add_epi32(run, _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + e)));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + e + cn), run);
      }
      return;
    }
  }
#endif
  switch (cn) {
    case 1:
      running_sums_scalar<1>(v, p, n);
      break;
    case 3:
      running_sums_scalar<3>(v, p, n);
      break;
    case 4:
      running_sums_scalar<4>(v, p, n);
      break;
    default:
      running_sums_any(v, p, n, cn);
      break;
  }
}

}  // namespace sat::filters
