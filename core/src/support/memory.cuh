// Cache-hinted global loads and stores for any 1/2/4/8/16-byte type (CUDA's __ldcs/__ldcg/
// __stcs/__stcg only take built-in vector types; this routes any type through one of them).
#pragma once

#include <cuda_runtime.h>

#include <cstring>

namespace sat::detail {

template <int Bytes>
struct RawWord;
template <>
struct RawWord<1> {
  using type = unsigned char;
};
template <>
struct RawWord<2> {
  using type = unsigned short;
};
template <>
struct RawWord<4> {
  using type = unsigned int;
};
template <>
struct RawWord<8> {
  using type = uint2;
};
template <>
struct RawWord<16> {
  using type = uint4;
};

template <class T>
using RawOf = typename RawWord<int(sizeof(T))>::type;

template <class T, class R>
__device__ __forceinline__ T from_raw(const R& raw) {
  T v;
  memcpy(&v, &raw, sizeof(T));
  return v;
}
template <class T>
__device__ __forceinline__ RawOf<T> to_raw(const T& v) {
  RawOf<T> raw;
  memcpy(&raw, &v, sizeof(T));
  return raw;
}

// Streaming (read once / written once, evict first): image data.
template <class T>
__device__ __forceinline__ T load_streaming(const T* p) {
  return from_raw<T>(__ldcs(reinterpret_cast<const RawOf<T>*>(p)));
}
template <class T>
__device__ __forceinline__ void store_streaming(T* p, const T& v) {
  __stcs(reinterpret_cast<RawOf<T>*>(p), to_raw(v));
}
// L2 only (bypass the non-coherent L1): data another block publishes or reads.
template <class T>
__device__ __forceinline__ T load_l2(const T* p) {
  return from_raw<T>(__ldcg(reinterpret_cast<const RawOf<T>*>(p)));
}
template <class T>
__device__ __forceinline__ void store_l2(T* p, const T& v) {
  __stcg(reinterpret_cast<RawOf<T>*>(p), to_raw(v));
}

}  // namespace sat::detail
