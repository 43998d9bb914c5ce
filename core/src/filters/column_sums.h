// The column-sum update of the running box sums (running_box_sums.h), the loop that takes most
// of their time: col[e] += in[e] − out[e] over a row of 8-bit pixels into u32 sums, modulo 2^32.
#pragma once

#include <cstddef>
#include <cstdint>

namespace sat::filters {

// in: the row entering the window, out: the row leaving it (n bytes each).
void move_column_sums_u32(uint32_t* col, const uint8_t* in, const uint8_t* out, std::size_t n);

}  // namespace sat::filters
