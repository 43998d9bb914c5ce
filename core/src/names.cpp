// Names and sizes of the public enums.
#include <string>

#include "sat/sat.h"

namespace sat {

const char* to_string(ElementType type) {
  switch (type) {
    case ElementType::U8ToU32:
      return "u8->u32";
    case ElementType::U8x4ToU32x4:
      return "u8x4->u32x4";
    case ElementType::F32ToF32:
      return "f32->f32";
    case ElementType::F32x2ToF32x2:
      return "f32x2->f32x2";
    case ElementType::U8ToU64Squares:
      return "u8->u64sq";
    case ElementType::U8ToSumSq:
      return "u8->sumsq";
    case ElementType::U32x2ToU32x2:
      return "u32x2->u32x2";
    case ElementType::U16ToU32:
      return "u16->u32";
    case ElementType::U16ToU64:
      return "u16->u64";
    case ElementType::U16ToSumSq:
      return "u16->sumsq";
    case ElementType::U16x4ToU32x4:
      return "u16x4->u32x4";
  }
  return "?";
}

std::size_t input_element_size(ElementType type) {
  switch (type) {
    case ElementType::U8ToU32:
    case ElementType::U8ToU64Squares:
    case ElementType::U8ToSumSq:
      return 1;
    case ElementType::U16ToU32:
    case ElementType::U16ToU64:
    case ElementType::U16ToSumSq:
      return 2;
    case ElementType::U8x4ToU32x4:
    case ElementType::F32ToF32:
      return 4;
    case ElementType::F32x2ToF32x2:
    case ElementType::U32x2ToU32x2:
    case ElementType::U16x4ToU32x4:
      return 8;
  }
  return 0;
}

std::size_t output_element_size(ElementType type) {
  switch (type) {
    case ElementType::U8ToU32:
    case ElementType::F32ToF32:
    case ElementType::U16ToU32:
      return 4;
    case ElementType::F32x2ToF32x2:
    case ElementType::U32x2ToU32x2:
    case ElementType::U8ToU64Squares:
    case ElementType::U16ToU64:
      return 8;
    case ElementType::U8x4ToU32x4:
    case ElementType::U8ToSumSq:
    case ElementType::U16ToSumSq:
    case ElementType::U16x4ToU32x4:
      return 16;
  }
  return 0;
}

// Element types are naturally aligned to their size (u16: 2, u8x4: 4, f32x2, u32x2 and u16x4: 8,
// u32x4 and SumSq: 16).
std::size_t input_alignment(ElementType type) { return input_element_size(type); }
std::size_t output_alignment(ElementType type) { return output_element_size(type); }

const char* to_string(Algorithm algorithm) {
  switch (algorithm) {
    case Algorithm::Naive2R2W:
      return "2r2w";
    case Algorithm::Optimal2R2W:
      return "2r2w-optimal";
    case Algorithm::Tiled2R1W:
      return "2r1w";
    case Algorithm::Diagonal1R1W:
      return "1r1w";
    case Algorithm::Hybrid1R1W:
      return "(1+r)r1w";
    case Algorithm::Skss1R1W:
      return "1r1w-skss";
    case Algorithm::SkssLb1R1W:
      return "1r1w-skss-lb";
  }
  return "?";
}

std::optional<Algorithm> parse_algorithm(std::string_view name) {
  std::string lower(name);
  for (char& c : lower) c = char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  for (Algorithm a : kAllAlgorithms)
    if (lower == to_string(a)) return a;
  if (lower == "1+rr1w" || lower == "1+r-r1w" || lower == "hybrid") return Algorithm::Hybrid1R1W;
  if (lower == "skss-lb" || lower == "lb") return Algorithm::SkssLb1R1W;
  return std::nullopt;
}

const char* to_string(Table table) {
  switch (table) {
    case Table::Upright:
      return "upright";
    case Table::Tilted:
      return "tilted";
  }
  return "?";
}

Extent table_extent(Extent input, Table table) {
  return table == Table::Tilted ? Extent{input.width + 1, input.height + 1} : input;
}

bool supports(Table table, ElementType type) {
  return table == Table::Upright || type == ElementType::U8ToU32 || type == ElementType::F32ToF32;
}

bool is_tiled(Algorithm algorithm) { return algorithm != Algorithm::Naive2R2W && algorithm != Algorithm::Optimal2R2W; }

}  // namespace sat
