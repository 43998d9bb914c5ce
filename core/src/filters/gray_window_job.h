// What every filter whose pass reads the gray plane through a window × window box shares (Sauvola,
// Bradley–Roth, local statistics): the table of the gray plane (CUDA), the gray plane itself, dst
// and the window. run_gray_window (stages.h) fills these; each filter's job adds its own fields.
#pragma once

#include <cstddef>
#include <cstdint>

namespace sat::filters {

template <class TableElement>
struct GrayWindowJob {
  using Table = TableElement;    // uint32_t (Σx) or SumSq ({Σx, Σx²})
  const Table* table = nullptr;  // CUDA: the table of the gray plane; the CPU sums the plane itself
  std::size_t table_pitch = 0;
  const uint8_t* gray = nullptr;
  std::size_t gray_pitch = 0;
  uint8_t* dst = nullptr;
  std::size_t dst_pitch = 0;
  int width = 0, height = 0;
  int window = 15, anchor = 7;  // anchor = window / 2
};

}  // namespace sat::filters
