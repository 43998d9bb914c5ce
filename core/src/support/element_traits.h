// An ElementType as types: the input and accumulator types and how an input pixel becomes an
// accumulator value. Plain C++ (the CPU paths use it too); SAT_HOST_DEVICE adds __device__ under nvcc.
#pragma once

#include <cstdint>
#include <type_traits>

#include "sat/types.h"

namespace sat::detail {

template <ElementType T>
struct ElementTraits;

template <>
struct ElementTraits<ElementType::U8ToU32> {
  using In = uint8_t;
  using Acc = uint32_t;
  static SAT_HOST_DEVICE Acc convert(In x) { return x; }
};
template <>
struct ElementTraits<ElementType::U8x4ToU32x4> {
  using In = u8x4;
  using Acc = u32x4;
  static SAT_HOST_DEVICE Acc convert(In x) { return {x.x, x.y, x.z, x.w}; }
};
template <>
struct ElementTraits<ElementType::F32ToF32> {
  using In = float;
  using Acc = float;
  static SAT_HOST_DEVICE Acc convert(In x) { return x; }
};
template <>
struct ElementTraits<ElementType::F32x2ToF32x2> {
  using In = f32x2;
  using Acc = f32x2;
  static SAT_HOST_DEVICE Acc convert(In x) { return x; }
};
template <>
struct ElementTraits<ElementType::U32x2ToU32x2> {
  using In = u32x2;
  using Acc = u32x2;
  static SAT_HOST_DEVICE Acc convert(In x) { return x; }
};
template <>
struct ElementTraits<ElementType::U8ToU64Squares> {
  using In = uint8_t;
  using Acc = uint64_t;
  static SAT_HOST_DEVICE Acc convert(In x) { return uint64_t(x) * x; }
};
template <>
struct ElementTraits<ElementType::U8ToSumSq> {
  using In = uint8_t;
  using Acc = SumSq;
  static SAT_HOST_DEVICE Acc convert(In x) { return {x, uint64_t(x) * x}; }
};

template <>
struct ElementTraits<ElementType::U16ToU32> {
  using In = uint16_t;
  using Acc = uint32_t;
  static SAT_HOST_DEVICE Acc convert(In x) { return x; }
};
template <>
struct ElementTraits<ElementType::U16ToU64> {
  using In = uint16_t;
  using Acc = uint64_t;
  static SAT_HOST_DEVICE Acc convert(In x) { return x; }
};
template <>
struct ElementTraits<ElementType::U16ToSumSq> {
  using In = uint16_t;
  using Acc = SumSq;
  static SAT_HOST_DEVICE Acc convert(In x) { return {x, uint64_t(x) * x}; }
};
template <>
struct ElementTraits<ElementType::U16x4ToU32x4> {
  using In = u16x4;
  using Acc = u32x4;
  static SAT_HOST_DEVICE Acc convert(In x) { return {x.x, x.y, x.z, x.w}; }
};

template <class Acc>
SAT_HOST_DEVICE Acc zero() {
  return Acc{};
}

// Calls f(ElementTraits<T>{}) for the run-time type: one switch instead of one per algorithm.
template <class F>
decltype(auto) visit_type(ElementType type, F&& f) {
  switch (type) {
    case ElementType::U8ToU32:
      return f(ElementTraits<ElementType::U8ToU32>{});
    case ElementType::U8x4ToU32x4:
      return f(ElementTraits<ElementType::U8x4ToU32x4>{});
    case ElementType::F32ToF32:
      return f(ElementTraits<ElementType::F32ToF32>{});
    case ElementType::F32x2ToF32x2:
      return f(ElementTraits<ElementType::F32x2ToF32x2>{});
    case ElementType::U32x2ToU32x2:
      return f(ElementTraits<ElementType::U32x2ToU32x2>{});
    case ElementType::U8ToU64Squares:
      return f(ElementTraits<ElementType::U8ToU64Squares>{});
    case ElementType::U16ToU32:
      return f(ElementTraits<ElementType::U16ToU32>{});
    case ElementType::U16ToU64:
      return f(ElementTraits<ElementType::U16ToU64>{});
    case ElementType::U16ToSumSq:
      return f(ElementTraits<ElementType::U16ToSumSq>{});
    case ElementType::U16x4ToU32x4:
      return f(ElementTraits<ElementType::U16x4ToU32x4>{});
    case ElementType::U8ToSumSq:
      break;
  }
  return f(ElementTraits<ElementType::U8ToSumSq>{});
}

// Calls f(std::integral_constant<int, W>{}) for the run-time tile size (already validated).
template <class F>
decltype(auto) visit_tile(int tile, F&& f) {
  if (tile == 32) return f(std::integral_constant<int, 32>{});
  if (tile == 64) return f(std::integral_constant<int, 64>{});
  return f(std::integral_constant<int, 128>{});
}

// Calls f(ElementTraits<T>{}, std::integral_constant<int, W>{}) for a tiled algorithm's run-time
// type and tile, instantiating only what sat::supports() allows (16-byte sums have no W = 128).
template <class F>
void visit_tiled(ElementType type, int tile, F&& f) {
  visit_type(type, [&](auto traits) {
    using T = decltype(traits);
    visit_tile(tile, [&](auto w) {
      constexpr int W = decltype(w)::value;
      if constexpr (sizeof(typename T::Acc) <= 8 || W <= 64) f(T{}, w);
    });
  });
}

}  // namespace sat::detail
