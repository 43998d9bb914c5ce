// Element types of satcore: what goes in, what comes out.
//
// This header compiles as plain C++ (no CUDA needed) so that host code and tests can name the
// types; under nvcc the arithmetic operators are also available on the device.
#pragma once

#include <cstddef>
#include <cstdint>

#if defined(__CUDACC__)
#define SAT_HOST_DEVICE __host__ __device__ __forceinline__
#else
#define SAT_HOST_DEVICE inline
#endif

namespace sat {

// Multi-channel values. Layouts are those of CUDA's uchar4 / uint4 / float2 / uint2 (and an RGBA
// or BGRA 8-bit image): channels are interleaved, channel 0 first.
struct alignas(4) u8x4 {
  uint8_t x, y, z, w;
};
struct alignas(8) u16x4 {
  uint16_t x, y, z, w;
};
struct alignas(16) u32x4 {
  uint32_t x, y, z, w;
};
struct alignas(8) f32x2 {
  float x, y;
};
// Two fixed-point channels, e.g. the depth moments (z, z²) of a summed-area variance shadow map:
// integer sums keep box sums exact where float tables lose the low bits far from the origin.
struct alignas(8) u32x2 {
  uint32_t x, y;
};
// Fused sum and squared-sum of an 8- or 16-bit image (for mean and variance from one table).
// 64-bit both: exact for every box of any image that fits in memory.
struct alignas(16) SumSq {
  uint64_t sum, sq;
};

SAT_HOST_DEVICE u32x4 operator+(u32x4 a, u32x4 b) { return {a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w}; }
SAT_HOST_DEVICE u32x4 operator-(u32x4 a, u32x4 b) { return {a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w}; }
SAT_HOST_DEVICE f32x2 operator+(f32x2 a, f32x2 b) { return {a.x + b.x, a.y + b.y}; }
SAT_HOST_DEVICE f32x2 operator-(f32x2 a, f32x2 b) { return {a.x - b.x, a.y - b.y}; }
SAT_HOST_DEVICE u32x2 operator+(u32x2 a, u32x2 b) { return {a.x + b.x, a.y + b.y}; }
SAT_HOST_DEVICE u32x2 operator-(u32x2 a, u32x2 b) { return {a.x - b.x, a.y - b.y}; }
SAT_HOST_DEVICE SumSq operator+(SumSq a, SumSq b) { return {a.sum + b.sum, a.sq + b.sq}; }
SAT_HOST_DEVICE SumSq operator-(SumSq a, SumSq b) { return {a.sum - b.sum, a.sq - b.sq}; }
SAT_HOST_DEVICE bool operator==(u32x4 a, u32x4 b) { return a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w; }
SAT_HOST_DEVICE bool operator==(f32x2 a, f32x2 b) { return a.x == b.x && a.y == b.y; }
SAT_HOST_DEVICE bool operator==(u32x2 a, u32x2 b) { return a.x == b.x && a.y == b.y; }
SAT_HOST_DEVICE bool operator==(SumSq a, SumSq b) { return a.sum == b.sum && a.sq == b.sq; }

// The input → output pairs satcore computes. Integer tables use unsigned wrap-around: a box sum
// b[d][r] − b[u][r] − b[d][l] + b[u][l] evaluated in the same unsigned type is exact whenever
// the true box sum fits in that type (for U8ToU32: any box of up to 16 843 009 pixels; for
// U32x2ToU32x2: any box whose per-channel sum is below 2³²; for U16ToU32 and U16x4ToU32x4: any
// box of up to 65 537 pixels, 65 537 · 65 535 < 2³²). U16ToU64 and U16ToSumSq are exact for every
// box of any image that fits in memory (Σx² of 16-bit pixels stays below 2⁶⁴ up to 2³¹ pixels).
// New types go at the end: the numeric values seed the test and benchmark inputs.
enum class ElementType {
  U8ToU32,         // uint8_t  → uint32_t
  U8x4ToU32x4,     // u8x4     → u32x4   (RGBA/BGRA, all four channels in one pass)
  F32ToF32,        // float    → float
  F32x2ToF32x2,    // f32x2    → f32x2   (e.g. shadow-map moments z, z²)
  U8ToU64Squares,  // uint8_t  → uint64_t, the table of x²
  U8ToSumSq,       // uint8_t  → SumSq {Σx, Σx²}
  U32x2ToU32x2,    // u32x2    → u32x2   (e.g. fixed-point shadow-map moments z, z²: exact box sums)
  U16ToU32,        // uint16_t → uint32_t (wrapping: exact box sums up to 65 537 pixels)
  U16ToU64,        // uint16_t → uint64_t
  U16ToSumSq,      // uint16_t → SumSq {Σx, Σx²}
  U16x4ToU32x4,    // u16x4    → u32x4   (16-bit RGBA, all four channels in one pass)
};

inline constexpr ElementType kAllElementTypes[] = {
    ElementType::U8ToU32,        ElementType::U8x4ToU32x4, ElementType::F32ToF32,     ElementType::F32x2ToF32x2,
    ElementType::U8ToU64Squares, ElementType::U8ToSumSq,   ElementType::U32x2ToU32x2, ElementType::U16ToU32,
    ElementType::U16ToU64,       ElementType::U16ToSumSq,  ElementType::U16x4ToU32x4,
};

const char* to_string(ElementType type);
std::size_t input_element_size(ElementType type);   // bytes per input pixel
std::size_t output_element_size(ElementType type);  // bytes per output pixel
std::size_t input_alignment(ElementType type);      // required alignment of input pointer/pitch
std::size_t output_alignment(ElementType type);     // required alignment of output pointer/pitch

}  // namespace sat
