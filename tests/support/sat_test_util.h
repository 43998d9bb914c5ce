// Host-side helpers of the satcore suites: seeded random inputs, pitched layouts, independent
// reference tables (wide accumulators: uint64 for integer types, float64 for float types), the
// O(n⁴) brute-force definition, and comparison of an output table against a reference with
// readable failure messages. Plain C++: no CUDA call in here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "sat/sat.h"

namespace sat {
// GoogleTest prints parameters with these (found by argument-dependent lookup).
inline void PrintTo(Algorithm algorithm, std::ostream* os) { *os << to_string(algorithm); }
inline void PrintTo(ElementType type, std::ostream* os) { *os << to_string(type); }
}  // namespace sat

namespace sat::test {

// Float inputs: uniform in [-1, 1) (Signed) or in (0, 1] (Positive). Integer inputs ignore it
// (uniform bytes: u32x2 values uniform over the full 32-bit range, so their sums wrap).
// Every generated image has at least one nonzero value.
enum class Fill { Signed, Positive };

bool is_float(ElementType type);
// Scalars per pixel in the output: U8ToU32 1, U8x4ToU32x4 4, F32ToF32 1, F32x2ToF32x2 2,
// U8ToU64Squares 1, U8ToSumSq 2, U32x2ToU32x2 2, U16ToU32 1, U16ToU64 1, U16ToSumSq 2,
// U16x4ToU32x4 4.
int output_channels(ElementType type);
// Bytes per output scalar (4 for u32/f32 and the u32x2 channels, 8 for u64/SumSq halves).
std::size_t output_scalar_size(ElementType type);
// Whether the input scalars are uint16_t (U16ToU32, U16ToU64, U16ToSumSq, U16x4ToU32x4).
bool is_u16_input(ElementType type);

// Identifier-safe names for test names: "Naive", "Optimal", "Tiled", "Diagonal", "Hybrid",
// "Skss", "SkssLb"; "U8ToU32", "U8x4ToU32x4", "F32ToF32", "F32x2ToF32x2", "U8ToU64Squares",
// "U8ToSumSq", "U32x2ToU32x2", "U16ToU32", "U16ToU64", "U16ToSumSq", "U16x4ToU32x4".
std::string short_name(Algorithm algorithm);
std::string short_name(ElementType type);

// A tightly packed host input image (width · input_element_size bytes per row).
struct HostImage {
  ElementType type = ElementType::U8ToU32;
  Extent extent;
  std::vector<unsigned char> bytes;
  std::size_t row_bytes() const { return std::size_t(extent.width) * input_element_size(type); }
};

HostImage random_input(ElementType type, Extent extent, std::uint64_t seed, Fill fill = Fill::Signed);
// Every input value set to `value`: the byte value for u8 inputs, the uint16 for u16 inputs,
// the uint32 for u32x2, the float for float types.
HostImage constant_input(ElementType type, Extent extent, double value);

// The image laid out with `pitch` bytes per row after `offset` leading bytes; the leading bytes
// and the padding of every row are `pad` (0xFF: 255 for bytes, NaN for floats, so an algorithm
// that sums padding gets a wrong answer). The buffer ends right after the last row's pixels.
std::vector<unsigned char> to_pitched(const HostImage& image, std::size_t pitch, std::size_t offset = 0,
                                      unsigned char pad = 0xFF);
// Bytes a pitched plane occupies from its first pixel: pitch · (height − 1) + row bytes.
std::size_t plane_bytes(Extent extent, std::size_t pitch, std::size_t element_size);

// The expected table of an input.
//   Integer types: `exact` holds the packed expected output (width · output_element_size bytes
//   per row) with the library's unsigned wrap-around.
//   Float types: `sum` is the float64 table and `abs_sum` the float64 table of |a|, both
//   [height][width][channels].
struct Reference {
  ElementType type = ElementType::U8ToU32;
  Extent extent;
  std::vector<unsigned char> exact;
  std::vector<double> sum, abs_sum;
};

// Row sums then column sums in wide arithmetic: O(width · height).
Reference reference_sat(const HostImage& image);
// The definition, b[i][j] = Σ_{i' ≤ i, j' ≤ j} a[i'][j'], summed pixel by pixel: O(w²h²).
Reference brute_force_sat(const HostImage& image);

// The float bound (see its definition for the derivation):
//   |got − ref| ≤ (i + j + depth) · 2⁻²⁴ · abs_sum · (1 + 2⁻¹⁰)
double float_tolerance(int i, int j, double abs_sum, int depth);

struct Comparison {
  bool ok = true;
  std::size_t mismatches = 0;  // scalars out of bounds (floats) or differing (integers)
  double worst_ratio = 0;      // floats: max |got − ref| / tolerance (≤ 1 when ok)
  std::string message;         // first few mismatches, counts; empty when ok
};

// Compares an output table at `out` with `out_pitch` bytes per row against the reference.
// Integers: bit-exact. Floats: float_tolerance(i, j, abs_sum, depth) per scalar; NaN fails.
Comparison compare_output(const Reference& ref, const void* out, std::size_t out_pitch, int depth = 64);

// Compares two output tables of the same type and extent: bit-exact for integer types; for
// floats |a − b| ≤ 2 · float_tolerance(i, j, abs_sum, depth) (both within the bound of the
// exact value), with abs_sum from `ref`.
Comparison compare_outputs(const Reference& ref, const void* a, std::size_t a_pitch, const void* b, std::size_t b_pitch,
                           int depth);

// Checks that every byte of `buffer` outside the pixels of a plane at `offset` with `pitch`
// (the leading bytes and the row padding; `buffer_bytes` in all) still holds `poison`.
// Returns an empty string when untouched, else where the first change is.
std::string check_padding(const unsigned char* buffer, std::size_t buffer_bytes, std::size_t offset, std::size_t pitch,
                          std::size_t row_bytes, int height, unsigned char poison);

// A 64-bit mix of the arguments (splitmix64), for deriving per-case seeds.
std::uint64_t mix_seed(std::uint64_t a, std::uint64_t b = 0, std::uint64_t c = 0, std::uint64_t d = 0);

// The master seed of the randomized suites: $SATLAB_TEST_SEED when set, else a fixed default.
std::uint64_t master_seed();

}  // namespace sat::test
