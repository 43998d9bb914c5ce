// OpenCV's skip rule along a row of window positions (CascadeClassifierInvoker: a window that
// the first stage rejects makes the scan skip the next position), computed for 32 positions at
// once from first-stage results evaluated at every position in parallel.
//
// Sequentially: position i + 1 is evaluated unless position i was evaluated and rejected by the
// first stage, e(i+1) = !(e(i) && r(i)) — a two-state automaton. Its closed form: after a
// position j with r(j) = 0 (passed the first stage, or rejected earlier by the variance test)
// the next position is evaluated whatever e(j) was, and from there a run of r = 1 alternates
// evaluated / skipped. So e(i) is decided by the last j < i with r(j) = 0: e(i) = (i − 1 − j)
// even; with no such j among the 32 positions, e alternates from the first one. Host and device
// code (the CUDA backend calls it with a warp ballot of r; the tests with a sequential walk).
#pragma once

#include <cstdint>

#include "sat/types.h"

namespace sat::detect {

// The index of the highest set bit of v (v ≠ 0).
SAT_HOST_DEVICE int highest_bit(uint32_t v) {
#if defined(__CUDA_ARCH__)
  return 31 - __clz(v);
#else
  return 31 - __builtin_clz(v);
#endif
}

// Whether position `lane` (0..32; 32 is the first position of the next word) of a word of 32
// positions is evaluated. rejected: bit i set when position i is rejected by the first stage
// (meaningful only if it is evaluated); first_evaluated: whether position 0 is evaluated.
SAT_HOST_DEVICE bool skip_rule_evaluated(uint32_t rejected, bool first_evaluated, int lane) {
  const uint32_t passed_before = lane >= 32 ? ~rejected : ~rejected & ((1u << lane) - 1u);
  if (passed_before == 0) return first_evaluated != ((lane & 1) != 0);
  return ((lane - 1 - highest_bit(passed_before)) & 1) == 0;
}

}  // namespace sat::detect
