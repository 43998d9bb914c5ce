// Comparing a computed table with the reference, on the host.
#pragma once

#include <cstddef>
#include <sstream>
#include <string>

#include "sat/sat.h"

namespace satbench {

// A value in a mismatch description: 9 significant digits (a float's full precision).
template <class T>
std::string value_text(T value) {
  std::ostringstream out;
  out.precision(9);
  out << value;
  return out.str();
}

struct CheckOutcome {
  bool ok = true;
  long long mismatches = 0;  // values (channels) outside the bound
  double max_error = 0;      // largest |got - want|; for floats relative to |want| (absolute where want = 0)
  std::string first;         // "row 31, column 64: got 5, want 6" for the first mismatch in row-major order
};

// Compares the extent of `got` with `want` (host pointers, pitches in bytes, layout of `type`'s
// output). Integer types: bit-exact. Float types: exact when `float_exact`, else
// |got - want| <= rtol x |want|; NaN never passes. Runs on all hardware threads.
CheckOutcome check_table(sat::ElementType type, sat::Extent extent, const void* got, std::size_t got_pitch,
                         const void* want, std::size_t want_pitch, bool float_exact, double rtol);

// "2 of 1048576 values differ; first at row 31, column 64: got 5, want 6; max error 1"
std::string describe(const CheckOutcome& outcome, sat::ElementType type, sat::Extent extent);

}  // namespace satbench
