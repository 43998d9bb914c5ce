// Launch shape of 2R2W (algorithms/naive_2r2w.cu): one thread per line, this many per block. The
// textbook baseline, not tuned (it is the reference point of the paper's comparison), so the
// same on every architecture; compiled into the kernels' launch bounds.
#pragma once

namespace sat::detail {

struct Naive2R2WPolicy {
  static constexpr int kThreads = 128;  // lines (columns, then rows) per block
};

}  // namespace sat::detail
