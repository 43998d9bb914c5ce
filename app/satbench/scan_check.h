// Checking a 1-D inclusive scan (the cub-scan-1d peer) on the host. Its output is a prefix over
// all elements in memory order, not a summed-area table, so the table check does not apply: the
// scan is compared with a CPU 1-D prefix (double / uint64) at sampled positions instead.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "sat/sat.h"
#include "table_check.h"  // CheckOutcome (the struct only)

namespace satbench {

// Ascending, distinct positions of a scan of `count` elements to check: the first `leading` ones
// (a case's first row), the last one, and `random` more drawn with a fixed seed (the same
// positions on every run, so that a failure can be reproduced).
std::vector<std::size_t> scan_positions(std::size_t count, std::size_t leading, int random = 256);

// The element types check_scan knows: f32 -> f32, u8 -> u32, u8x4 -> u32x4.
bool scan_check_supports(sat::ElementType type);

// Compares got[p] with input[0] + ... + input[p] for every p of `positions` (ascending; input holds
// at least positions.back() + 1 elements of `type`'s input, got as many of its output; host
// memory, dense). The bounds:
// - integers: u32 channels compare modulo 2^32 (the prefix in uint64, then wrapped), bit-exact;
// - f32, with n = p + 1 terms, S = |input[0]| + ... + |input[p]| and u = 2^-24 (float32's unit
//   roundoff): exact when every term is an integer and S <= 2^24 (then every partial sum, in any
//   order of addition, is an integer of magnitude <= 2^24 and so exact in float32); else
//   |got - want| <= min(gamma(n - 1), rtol) x S, where gamma(k) = k u / (1 - k u) (infinite once
//   k u >= 1) bounds the rounding of n terms summed in any order (Higham, Accuracy and Stability
//   of Numerical Algorithms, 4.2). That worst case passes --rtol after about rtol / u terms
//   (3356 at 2e-4); beyond, the scan is held to rtol x S as the table check holds the algorithms
//   to rtol x |want|. NaN never passes.
// max_error: the largest |got - want|, for f32 relative to S (absolute where S = 0).
CheckOutcome check_scan(sat::ElementType type, const void* input, const void* got,
                        const std::vector<std::size_t>& positions, double rtol);

// "2 values at 1281 sampled elements differ; first: element 4097: got 5, want 6; max error 1"
std::string describe_scan(const CheckOutcome& outcome, std::size_t sampled);

}  // namespace satbench
